import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { SignInPage, signInPageMetadata } from "@/components/auth/sign-in-page";
import { isLocale, locales } from "@/lib/i18n/config";
import { authVariants, parseAuthVariant } from "@/lib/routing/public-pages";

type Params = Promise<{ locale: string; variant: string }>;

export const dynamicParams = false;

/** Every language times every form /auth can open with (lib/routing/public-pages.ts). */
export function generateStaticParams() {
  return locales.flatMap((locale) => authVariants.map((variant) => ({ locale, variant })));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? signInPageMetadata(locale) : {};
}

export default async function PrerenderedSignInPage({ params }: { params: Params }) {
  const { locale, variant } = await params;
  const form = parseAuthVariant(variant);
  if (!isLocale(locale) || !form) notFound();
  setRequestLocale(locale);
  return <SignInPage mode={form.mode} googleEnabled={form.googleSignIn} />;
}
