"use client";

import { useSyncExternalStore } from "react";
import { isConsentSettingsOpen, readConsent, subscribeToConsent, type ConsentState } from "@/lib/analytics/consent";

/**
 * The visitor's cookie choice; null during server rendering and hydration, because the server
 * page is the same for everyone (consent-prepaint.tsx hides the banner for those who answered).
 */
export function useConsent(): ConsentState | null {
  return useSyncExternalStore(subscribeToConsent, readConsent, () => null);
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribeToConsent, isConsentSettingsOpen, () => false);
}
