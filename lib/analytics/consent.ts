/**
 * The visitor's answer to the cookie banner (decision 14), kept in a first-party cookie so it
 * survives reloads and is readable by the server too. No answer means no analytics.
 * A small store lets the banner, the footer's "Cookie settings" and the analytics loader
 * share the answer without a React context.
 */
export const consentCookieName = "analytics_consent";
export type ConsentChoice = "granted" | "denied";
export type ConsentState = ConsentChoice | "unset";

/** Half a year, then the visitor is asked again. */
const consentMaxAgeSeconds = 180 * 24 * 60 * 60;

export function parseConsent(cookieHeader: string): ConsentState {
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === consentCookieName && (value === "granted" || value === "denied")) return value;
  }
  return "unset";
}

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${consentCookieName}=${choice}; Path=/; Max-Age=${consentMaxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let settingsOpen = false;

function notify() {
  for (const listener of listeners) listener();
}

export function subscribeToConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readConsent(): ConsentState {
  return typeof document === "undefined" ? "unset" : parseConsent(document.cookie);
}

export function saveConsent(choice: ConsentChoice): void {
  document.cookie = consentCookie(choice, window.location.protocol === "https:");
  settingsOpen = false;
  notify();
}

/** True while the banner was reopened from "Cookie settings" after an earlier answer. */
export function isConsentSettingsOpen(): boolean {
  return settingsOpen;
}

export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}
