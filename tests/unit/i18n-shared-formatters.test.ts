import { describe, expect, it } from "vitest";
import { translatorWithSharedFormatters } from "@/lib/i18n/shared-formatters";
import type { Locale } from "@/lib/i18n/config";

async function creditsLink(locale: Locale, count: number): Promise<string> {
  const { default: messages } = await import(`@/messages/${locale}.json`);
  return translatorWithSharedFormatters({ locale, messages, namespace: "userMenu", timeZone: "UTC" })("creditsLink", { count });
}

describe("translations with formatters shared by every request", () => {
  it("pick each language's own plural form and number format, whichever language came first", async () => {
    expect(await creditsLink("ar", 2)).toMatch(/^رصيدان متاحان/);
    expect(await creditsLink("en", 1)).toBe("1 credit available. Get more credits");
    expect(await creditsLink("ar", 0)).toMatch(/^لا أرصدة متاحة/);
    expect(await creditsLink("ar", 3)).toMatch(/^3 أرصدة متاحة/);
    expect(await creditsLink("ar", 11)).toMatch(/^11 رصيدًا متاحًا/);
    expect(await creditsLink("ar", 100)).toMatch(/^100 رصيد متاح/);
    expect(await creditsLink("en", 0)).toBe("0 credits available. Get more credits");
    expect(await creditsLink("en", 1250)).toBe("1,250 credits available. Get more credits");
    expect(await creditsLink("de", 1250)).toBe("1.250 Credits verfügbar. Mehr Credits holen");
    expect(await creditsLink("fr", 1)).toBe("1 crédit disponible. Obtenir plus de crédits");
    expect(await creditsLink("es", 5)).toBe("5 créditos disponibles. Conseguir más créditos");
  });
});
