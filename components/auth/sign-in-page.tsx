import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import type { AuthMode } from "@/lib/routing/public-pages";
import { AuthPanel } from "./auth-panel";
import { AuthShell } from "./auth-shell";
import { signInFormMessages } from "./sign-in-messages";

export async function signInPageMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "auth" });
  return { title: t("metaTitle") };
}

/**
 * Sign-in and sign-up (spec §2 /auth), shared by its prerendered and per-request routes:
 * ?mode=signup opens sign-up, ?callbackUrl returns afterwards (read in the browser).
 */
export async function SignInPage({ mode, googleEnabled }: { mode: AuthMode; googleEnabled: boolean }) {
  // The forms' texts and their error messages travel with this page only, not with every page
  // of the prerendered layout (app/(prerendered)/prerendered/[locale]/layout.tsx).
  const messages = signInFormMessages(await getMessages());
  return (
    <AuthShell>
      <NextIntlClientProvider messages={messages}>
        <AuthPanel initialMode={mode} googleEnabled={googleEnabled} />
      </NextIntlClientProvider>
    </AuthShell>
  );
}
