import { redirect } from "next/navigation";
import { HomeContent } from "@/components/marketing/home-content";
import { afterSignInPath } from "@/lib/auth/routes";
import { getSessionUser } from "@/lib/auth/session";

// Per request: visitors get the prerendered page (proxy.ts); this route answers what the proxy
// passed on, e.g. a session cookie it could not judge.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  if (await getSessionUser()) redirect(afterSignInPath);
  return <HomeContent />;
}
