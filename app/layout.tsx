import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { WelcomeDialog } from "@/components/account/welcome-dialog";
import { AnalyticsRoot } from "@/components/analytics/analytics-root";
import { AddCreditsRoot } from "@/components/billing/add-credits-root";
import { Providers } from "@/components/layout/providers";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { getCurrentAccount } from "@/lib/account/current-account";
import { welcomeCredits } from "@/lib/credits/ledger";
import { directionOf } from "@/lib/i18n/config";
import { requestNonce } from "@/lib/security/request-nonce";
import { fontVariables } from "./fonts";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("metadata");
  return {
    title: { default: t("title"), template: `%s · ${t("siteName")}` },
    description: t("description"),
    applicationName: t("siteName"),
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fdfcff" },
    { media: "(prefers-color-scheme: dark)", color: "#15131f" },
  ],
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const locale = await getLocale();
  const t = await getTranslations("common");
  const dir = directionOf(locale);
  const account = await getCurrentAccount();
  const nonce = await requestNonce();

  return (
    <html lang={locale} dir={dir} className={fontVariables} data-scroll-behavior="smooth" suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col">
        <NextIntlClientProvider>
          <Providers dir={dir} nonce={nonce}>
            <a
              href="#main-content"
              className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
            >
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
