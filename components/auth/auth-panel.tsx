"use client";

import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { AuthMode } from "@/lib/routing/public-pages";
import { cn } from "@/lib/utils";
import { AuthSearchParams, type AuthQuery } from "./auth-search-params";
import { CheckEmailNotice } from "./check-email-notice";
import { GoogleSignInButton } from "./google-sign-in-button";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

/** Auth.js sends failed Google sign-ins back here with ?error=<type>; the message's key under auth.errors. */
function googleErrorKey(error: string) {
  return error === "OAuthAccountNotLinked" ? "accountNotLinked" : "googleFailed";
}

/**
 * Keeps ?mode in the address so a reload or a shared link opens the same form. With null as
 * its state Next.js's router takes the new address as its own, so a header link to the other
 * form is a navigation again (with the router's own state it would count as that navigation).
 */
function rememberMode(mode: AuthMode) {
  const url = new URL(window.location.href);
  if (mode === "signup") url.searchParams.set("mode", "signup");
  else url.searchParams.delete("mode");
  url.searchParams.delete("error");
  window.history.replaceState(null, "", url);
}

/**
 * Sign-in and sign-up (spec §2 /auth). `initialMode` is the form the server rendered (proxy.ts
 * picks the prerendered page by ?mode); from then on the form follows the address.
 */
export function AuthPanel({ initialMode, googleEnabled }: { initialMode: AuthMode; googleEnabled: boolean }) {
  const t = useTranslations("auth");
  const tErrors = useTranslations("auth.errors");
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [callbackUrl, setCallbackUrl] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const reportedError = useRef(false);

  const followAddress = useCallback((query: AuthQuery) => {
    setMode(query.mode);
    setCallbackUrl(query.callbackUrl);
    setError(query.error);
  }, []);

  useEffect(() => {
    if (!error || reportedError.current) return;
    reportedError.current = true;
    // Without Google configured only an old or hand-made Google link lands here: say so plainly.
    if (googleEnabled) toast.error(t("toasts.googleFailed"), { description: tErrors(googleErrorKey(error)) });
    else toast.error(t("toasts.signInFailed"), { description: t("errors.googleUnavailable") });
    rememberMode(mode);
  }, [error, googleEnabled, mode, t, tErrors]);

  function switchTo(next: AuthMode) {
    setMode(next);
    setAwaitingConfirmation(null);
    rememberMode(next);
  }

  return (
    <>
      <Suspense fallback={null}>
        <AuthSearchParams onChange={followAddress} />
      </Suspense>
      {awaitingConfirmation ? (
        <CheckEmailNotice email={awaitingConfirmation} onBack={() => switchTo("signin")} />
      ) : (
        <AuthForms mode={mode} googleEnabled={googleEnabled} callbackUrl={callbackUrl} switchTo={switchTo} onConfirmationSent={setAwaitingConfirmation} />
      )}
    </>
  );
}

function AuthForms({
  mode,
  googleEnabled,
  callbackUrl,
  switchTo,
  onConfirmationSent,
}: {
  mode: AuthMode;
  googleEnabled: boolean;
  callbackUrl: string | undefined;
  switchTo: (mode: AuthMode) => void;
  onConfirmationSent: (email: string) => void;
}) {
  const t = useTranslations("auth");

  const isSignUp = mode === "signup";
  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight" data-testid="auth-title">
          {isSignUp ? t("signUpTitle") : t("signInTitle")}
        </h1>
        <p className="text-sm text-muted-foreground">{isSignUp ? t("signUpSubtitle") : t("signInSubtitle")}</p>
      </div>
      <div role="group" aria-label={t("modeLabel")} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {(["signin", "signup"] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => switchTo(option)}
            data-testid={`auth-mode-${option}`}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              mode === option ? "bg-background text-foreground shadow-sm" : "text-muted-foreground",
            )}
          >
            {option === "signup" ? t("signUpTab") : t("signInTab")}
          </button>
        ))}
      </div>
      {googleEnabled ? (
        <>
          <GoogleSignInButton callbackUrl={callbackUrl} />
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            {t("orEmail")}
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      ) : null}
      {isSignUp ? (
        <SignUpForm callbackUrl={callbackUrl} onConfirmationSent={onConfirmationSent} />
      ) : (
        <SignInForm callbackUrl={callbackUrl} />
      )}
      <p className="text-center text-sm text-muted-foreground">
        {isSignUp ? t("haveAccount") : t("noAccount")}{" "}
        <button
          type="button"
          onClick={() => switchTo(isSignUp ? "signin" : "signup")}
          className="font-medium text-primary hover:underline"
        >
          {isSignUp ? t("switchToSignIn") : t("switchToSignUp")}
        </button>
      </p>
    </div>
  );
}
