import { describe, expect, it } from "vitest";
import { directionOf, isLocale, localeFromAcceptLanguage, locales, negotiateLocale } from "@/lib/i18n/config";

describe("locale helpers", () => {
  it("knows the five languages and only those", () => {
    expect(locales).toEqual(["en", "de", "fr", "ar", "es"]);
    expect(isLocale("ar")).toBe(true);
    expect(isLocale("it")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("lays Arabic out right to left and the others left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    for (const locale of locales.filter((l) => l !== "ar")) expect(directionOf(locale)).toBe("ltr");
  });

  it("picks the best supported language of an Accept-Language header", () => {
    expect(localeFromAcceptLanguage("de-CH,de;q=0.9,en;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("it-IT,it;q=0.9,fr;q=0.5,es;q=0.7")).toBe("es");
    expect(localeFromAcceptLanguage("ar-EG")).toBe("ar");
    expect(localeFromAcceptLanguage("it, ja")).toBeUndefined();
    expect(localeFromAcceptLanguage("fr;q=0, en;q=0.1")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBeUndefined();
  });

  it("takes the language menu's cookie first, then the browser's preference, then English", () => {
    expect(negotiateLocale("ar", "de-DE,de;q=0.9")).toBe("ar");
    expect(negotiateLocale("klingon", "de-DE,de;q=0.9")).toBe("de");
    expect(negotiateLocale(undefined, "it-IT")).toBe("en");
    expect(negotiateLocale(undefined, null)).toBe("en");
  });
});
