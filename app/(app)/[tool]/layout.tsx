import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { flowSlugs } from "@/lib/flows/flow-tools";
import { flowToolOrNotFound } from "@/lib/flows/flow-page";

/**
 * The one implementation of the AI Product, Hair Changer and Body Shaper flows
 * (/{tool}/step1, step2, loading, results), driven by lib/flows/flow-tools.ts. Only these three
 * slugs exist here: any other first segment is a 404, and static routes such as /dashboard or
 * /headshot-pro/* take precedence over this dynamic segment anyway.
 */
export const dynamicParams = false;

export function generateStaticParams() {
  return flowSlugs.map((tool) => ({ tool }));
}

export default async function FlowLayout({ params, children }: { params: Promise<{ tool: string }>; children: React.ReactNode }) {
  flowToolOrNotFound((await params).tool);
  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/[tool]/layout"]}>
      <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">{children}</div>
    </ClientMessages>
  );
}
