"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { cn } from "@/lib/utils";
import { CheckEmailNotice } from "./check-email-notice";
import { GoogleSignInButton } from "./google-sign-in-button";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export type AuthMode = "signin" | "signup";

/** Auth.js sends failed Google sign-ins back here with ?error=<type>. */
function googleErrorKey(error: string) {
  return error === "OAuthAccountNotLinked" ? "errors.accountNotLinked" : "errors.googleFailed";
}

/** Keeps ?mode in the address so a reload or a shared link opens the same form. */
function rememberMode(mode: AuthMode) {
  const url = new URL(window.location.href);
  if (mode === "signup") url.searchParams.set("mode", "signup");
  else url.searchParams.delete("mode");
  url.searchParams.delete("error");
  window.history.replaceState(window.history.state, "", url);
}

export function AuthPanel({
  initialMode,
  callbackUrl,
  googleEnabled,
  error,
}: {
  initialMode: AuthMode;
  callbackUrl: string | undefined;
  googleEnabled: boolean;
  error: string | undefined;
}) {
  const t = useTranslations("auth");
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const reportedError = useRef(false);

  useEffect(() => {
    if (!error || reportedError.current) return;
    reportedError.current = true;
    // Without Google configured only an old or hand-made Google link lands here: say so plainly.
    if (googleEnabled) toast.error(t("toasts.googleFailed"), { description: t(googleErrorKey(error)) });
    else toast.error(t("toasts.signInFailed"), { description: t("errors.googleUnavailable") });
    rememberMode(initialMode);
  }, [error, googleEnabled, initialMode, t]);

  function switchTo(next: AuthMode) {
    setMode(next);
    setAwaitingConfirmation(null);
    rememberMode(next);
  }

  if (awaitingConfirmation) {
    return <CheckEmailNotice email={awaitingConfirmation} onBack={() => switchTo("signin")} />;
  }

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
              "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              mode === option && "bg-background text-foreground shadow-sm",
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
        <SignUpForm callbackUrl={callbackUrl} onConfirmationSent={setAwaitingConfirmation} />
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
