import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The sign-in, sign-up, password and email-link forms' texts for every /auth page (the chrome sends the action errors). */
export default function AuthPagesLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={routeClientNamespaces["(auth)/auth/layout"]}>{children}</ClientMessages>;
}
