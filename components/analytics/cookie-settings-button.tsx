"use client";

import { openConsentSettings } from "@/lib/analytics/consent";
import { analyticsEnabled } from "@/lib/analytics/public-config";

/** The footer's "Cookie settings": reopens the banner to change the answer. Absent without analytics. */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  if (!analyticsEnabled) return null;
  return (
    <button type="button" onClick={openConsentSettings} className={className} data-testid="cookie-settings">
      {label}
    </button>
  );
}
