export const locales = ["en", "de", "fr", "ar", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
/** The cookie that remembers the language chosen in the language menu. */
export const localeCookieName = "NEXT_LOCALE";

const rightToLeftLocales: ReadonlySet<Locale> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return rightToLeftLocales.has(locale) ? "rtl" : "ltr";
}

/** Picks the first supported language of an Accept-Language header, e.g. "de-CH,de;q=0.9". */
export function localeFromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.toLowerCase().split("-")[0], weight: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/** The language of a request: the language menu's cookie, else the browser's preference, else English. */
export function negotiateLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
