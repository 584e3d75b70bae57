import type { Locale } from "@/lib/i18n/config";

/** Amounts are integers in minor units (cents) everywhere; floats only appear when formatting. */
export type Currency = "usd" | "eur";

const euroLocales: ReadonlySet<Locale> = new Set(["de", "fr", "es"]);
/** Decision 4: EUR prices are the USD price times 0.85, rounded to cents. */
const eurPerUsd = 0.85;

export function currencyForLocale(locale: Locale): Currency {
  return euroLocales.has(locale) ? "eur" : "usd";
}

export function convertFromUsd(usdMinor: number, currency: Currency): number {
  return currency === "usd" ? usdMinor : Math.round(usdMinor * eurPerUsd);
}

export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(minor / 100);
}
