import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { WelcomeDialog } from "@/components/account/welcome-dialog";
import { AnalyticsRoot } from "@/components/analytics/analytics-root";
import { ConsentPrepaint } from "@/components/analytics/consent-prepaint";
import { AddCreditsRoot } from "@/components/billing/add-credits-root";
import { Providers } from "@/components/layout/providers";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { ThemePrepaint } from "@/components/layout/theme-prepaint";
import type { CurrentAccount } from "@/lib/account/current-account";
import { welcomeCredits } from "@/lib/credits/ledger";
import { directionOf, type Locale } from "@/lib/i18n/config";
import { pickMessages, type ClientNamespace } from "@/lib/i18n/pick-messages";
import { fontVariables } from "./fonts";
import "./globals.css";

/**
 * The document every page shares. Two root layouts render it (route groups, one per kind of
 * page): dynamic-root-layout.tsx for pages rendered per request, with the visitor's language,
 * account and script nonce, and (prerendered)/prerendered/[locale]/layout.tsx for the signed-out
 * pages prerendered once per language, with no account and no nonce.
 */

export async function siteMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "metadata" });
  return {
    title: { default: t("title"), template: `%s · ${t("siteName")}` },
    description: t("description"),
    applicationName: t("siteName"),
  };
}

export const siteViewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fdfcff" },
    { media: "(prefers-color-scheme: dark)", color: "#15131f" },
  ],
};

export async function SiteDocument({
  locale,
  account,
  nonce,
  clientNamespaces,
  children,
}: {
  locale: Locale;
  account: CurrentAccount | null;
  nonce: string | undefined;
  /**
   * The message namespaces the layout's client components use (header menus, banners, dialogs);
   * a page adds its own components' with <ClientMessages> (app/client-namespaces.ts).
   */
  clientNamespaces: readonly ClientNamespace[];
  children: React.ReactNode;
}) {
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: "common" }), getMessages({ locale })]);
  const dir = directionOf(locale);

  return (
    <html lang={locale} dir={dir} className={fontVariables} data-scroll-behavior="smooth" suppressHydrationWarning>
      <head>
        <ThemePrepaint nonce={nonce} />
        <ConsentPrepaint nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <NextIntlClientProvider messages={pickMessages(messages, clientNamespaces)}>
          <Providers dir={dir} nonce={nonce}>
            <a href="#main-content" className="skip-link">
              {t("skipToContent")}
            </a>
            <AddCreditsRoot subscriptionActive={account?.subscriptionActive ?? false} enabled={account !== null}>
              <SiteHeader account={account} />
              <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
                {children}
              </main>
              <SiteFooter signedIn={account !== null} />
            </AddCreditsRoot>
            {account?.isNewAccount ? <WelcomeDialog credits={welcomeCredits} /> : null}
            <AnalyticsRoot />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
