"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { safeCallbackPath } from "@/lib/auth/routes";
import { SubmitButton } from "./submit-button";

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
    </svg>
  );
}

/**
 * Asks Auth.js for Google's consent address the way its own client does: a CSRF token, then a
 * POST that answers with the address instead of a redirect (which also sets the state and PKCE
 * cookies). No server action: /auth is prerendered, and an action's refresh would reload it and
 * cut the navigation to Google short. Null when Auth.js could not start the flow.
 */
async function googleConsentUrl(callbackUrl: string | undefined): Promise<string | null> {
  try {
    const csrf = await fetch("/api/auth/csrf", { cache: "no-store" });
    const { csrfToken } = (await csrf.json()) as { csrfToken?: unknown };
    if (typeof csrfToken !== "string") return null;
    const response = await fetch("/api/auth/signin/google", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ csrfToken, callbackUrl: safeCallbackPath(callbackUrl) }),
    });
    const { url } = (await response.json()) as { url?: unknown };
    // Auth.js answers its own error page (/auth?error=…) when it refuses; that is a failure too.
    if (!response.ok || typeof url !== "string" || !/^https?:\/\//.test(url)) return null;
    return new URL(url).origin === window.location.origin ? null : url;
  } catch {
    return null;
  }
}

/** Starts Google sign-in and leaves for Google's consent screen, or says it could not. */
export function GoogleSignInButton({ callbackUrl }: { callbackUrl: string | undefined }) {
  const t = useTranslations("auth");
  const [, formAction] = useActionState(async () => {
    const url = await googleConsentUrl(callbackUrl);
    if (url) window.location.assign(url);
    else toast.error(t("toasts.googleFailed"), { description: t("errors.googleFailed") });
    return null;
  }, null);

  return (
    <form action={formAction}>
      <SubmitButton variant="outline" className="w-full" data-testid="google-sign-in">
        <GoogleLogo />
        {t("google")}
      </SubmitButton>
    </form>
  );
}
