import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { SignInPage, signInPageMetadata } from "@/components/auth/sign-in-page";
import { googleSignInEnabled } from "@/lib/auth/google-sign-in";
import { isLocale } from "@/lib/i18n/config";
import { authModeOfSegments } from "@/lib/routing/public-pages";

/** `mode`: the path after /auth, none for the sign-in form, ["signup"] for the sign-up form. */
type Params = Promise<{ locale: string; mode?: string[] }>;

/**
 * None at build time: whether the form offers Google is the running server's setting, which the
 * build cannot know. Each language and form is rendered on its first request and then served
 * from the cache, which next.config.ts keeps in memory only (`isrFlushToDisk`), so a server
 * started with other settings never gets a page rendered under the old ones.
 */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? signInPageMetadata(locale) : {};
}

export default async function PrerenderedSignInPage({ params }: { params: Params }) {
  const { locale, mode: segments } = await params;
  const mode = authModeOfSegments(segments);
  if (!isLocale(locale) || !mode) notFound();
  setRequestLocale(locale);
  return <SignInPage mode={mode} googleEnabled={googleSignInEnabled()} />;
}
