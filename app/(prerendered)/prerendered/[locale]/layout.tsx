import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale } from "@/lib/i18n/config";
import { signedOutChromeNamespaces } from "../../../client-namespaces";
import { SiteDocument, siteMetadata, siteViewport } from "../../../site-document";

/**
 * The root layout of the signed-out pages that are the same for every visitor of a language
 * (issue 16): prerendered once per locale and served from Next.js's cache. next.config.ts rewrites
 * /, /headshot-pro and /auth to them for requests without a session (lib/routing/public-pages.ts);
 * the address the visitor sees does not change. Nothing here may read the request.
 */
type Params = Promise<{ locale: string }>;

// Regenerated daily at most, so the footer's year turns over without a new build.
export const revalidate = 86400;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? siteMetadata(locale) : {};
}

export const viewport = siteViewport;

export default async function PrerenderedRootLayout({ children, params }: { children: React.ReactNode; params: Params }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <SiteDocument locale={locale} account={null} nonce={undefined} clientNamespaces={signedOutChromeNamespaces}>
      {children}
    </SiteDocument>
  );
}
