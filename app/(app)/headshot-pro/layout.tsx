import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The Headshot Pro wizard, loading and results pages (the landing page lives in (marketing)). */
export default function HeadshotWizardLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/headshot-pro/layout"]}>
      <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">{children}</div>
    </ClientMessages>
  );
}
