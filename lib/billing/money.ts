import type { Locale } from "@/lib/i18n/config";

/** Amounts are integers in minor units (cents) everywhere; floats only appear when formatting. */
export type Currency = "usd" | "eur";

const euroLocales: ReadonlySet<Locale> = new Set(["de", "fr", "es"]);
/**
 * Decision 4: EUR prices are the USD price times 0.85, rounded to the cent. The one rounding
 * rule (README "Prices and rounding"): each catalogue price is converted once, for the unit the
 * buyer sees (a month of a plan, a top-up, a pack), rounding half up in whole cents; an amount
 * made of several units (a year of twelve months) is the rounded unit price times their count.
 * So every amount charged is exactly what the page shows, and 12 × the monthly price shown.
 */
const eurCentsPerUsdDollar = 85;

export function currencyForLocale(locale: Locale): Currency {
  return euroLocales.has(locale) ? "eur" : "usd";
}

export function convertFromUsd(usdMinor: number, currency: Currency): number {
  if (currency === "usd") return usdMinor;
  // Integer arithmetic, so a half cent always rounds up and never meets a floating-point error.
  return Math.floor((usdMinor * eurCentsPerUsdDollar + 50) / 100);
}

export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(minor / 100);
}
