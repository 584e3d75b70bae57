"use client";

import { useEffect, useRef } from "react";
import { Cookie } from "@/components/icons/cookie";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button-variants";
import { saveConsent } from "@/lib/analytics/consent";
import { useConsent, useConsentSettingsOpen } from "./use-consent";

/**
 * The cookie banner (decision 14): shown until the visitor accepts or declines, and again from
 * the footer's "Cookie settings". Not a modal: the page stays usable, and declining is as easy
 * as accepting. Reopened from the footer, it takes the focus so keyboard users land on it.
 * Its code is in every page's first load, so its buttons are plain ones with <Button>'s classes.
 */
export function ConsentBanner() {
  const t = useTranslations("consent");
  const consent = useConsent();
  const reopened = useConsentSettingsOpen();
  const acceptRef = useRef<HTMLButtonElement>(null);
  // null: the server render and hydration, where everyone gets the banner (consent-prepaint.tsx
  // hides it before the first paint for visitors who already answered).
  const visible = consent === null || consent === "unset" || reopened;

  useEffect(() => {
    if (reopened) acceptRef.current?.focus();
  }, [reopened]);

  useEffect(() => {
    // From now on the banner shows or hides by its own state, reopened from the footer too.
    if (consent !== null) document.documentElement.removeAttribute("data-consent-answered");
  }, [consent]);

  if (!visible) return null;
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border bg-background/95 p-4 shadow-lg backdrop-blur sm:flex-row sm:items-center">
        <Cookie className="hidden size-6 shrink-0 text-primary sm:block" aria-hidden="true" />
        <div className="flex-1 space-y-1 text-sm">
          <h2 id="consent-banner-title" className="font-semibold">
            {t("title")}
          </h2>
          <p className="text-muted-foreground">{t("body")}</p>
          {consent === "granted" || consent === "denied" ? (
            <p className="text-muted-foreground" data-testid="consent-current">
              {consent === "granted" ? t("currentlyAccepted") : t("currentlyDeclined")}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className={buttonVariants({ variant: "outline", className: "flex-1" })}
            onClick={() => saveConsent("denied")}
            data-testid="consent-decline"
          >
            {t("decline")}
          </button>
          <button
            type="button"
            ref={acceptRef}
            className={buttonVariants({ className: "flex-1" })}
            onClick={() => saveConsent("granted")}
            data-testid="consent-accept"
          >
            {t("accept")}
          </button>
        </div>
      </div>
    </section>
  );
}
