import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

/** Here rather than in the page so that the page's error and not-found screens get the messages too. */
export default function GalleryLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={routeClientNamespaces["(app)/gallery/[id]/layout"]}>{children}</ClientMessages>;
}
