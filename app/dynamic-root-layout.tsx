import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import { getCurrentAccount } from "@/lib/account/current-account";
import { requestNonce } from "@/lib/security/request-nonce";
import { siteChromeNamespaces } from "./client-namespaces";
import { SiteDocument, siteMetadata, siteViewport } from "./site-document";

/**
 * The root layout of every page rendered per request ((app), (auth), (marketing) re-export it):
 * the visitor's language, account and this request's script nonce.
 */
export async function generateMetadata(): Promise<Metadata> {
  return siteMetadata(await getLocale());
}

export const viewport = siteViewport;

export default async function DynamicRootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [locale, account, nonce] = await Promise.all([getLocale(), getCurrentAccount(), requestNonce()]);
  return (
    <SiteDocument locale={locale} account={account} nonce={nonce} clientNamespaces={siteChromeNamespaces}>
      {children}
    </SiteDocument>
  );
}
