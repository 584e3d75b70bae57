import { getLocale } from "next-intl/server";
import { redirect } from "next/navigation";
import { SignInPage, signInPageMetadata } from "@/components/auth/sign-in-page";
import { googleSignInEnabled } from "@/lib/auth/google-sign-in";
import { afterSignInPath } from "@/lib/auth/routes";
import { getSessionUser } from "@/lib/auth/session";

export const generateMetadata = async () => signInPageMetadata(await getLocale());

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Per request: visitors get the prerendered page (proxy.ts); this route answers the forms' actions. */
export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  if (await getSessionUser()) redirect(afterSignInPath);
  const { mode } = await searchParams;
  return <SignInPage mode={mode === "signup" ? "signup" : "signin"} googleEnabled={googleSignInEnabled()} />;
}
