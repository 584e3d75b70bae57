import { describe, expect, it } from "vitest";
import {
  approximateImages,
  bestValueTopUp,
  cashPacks,
  findCashPack,
  findPlan,
  findTopUp,
  headshotCreditPackages,
  plans,
  priceIn,
  pricePerCredit,
} from "@/lib/billing/catalog";
import { currencyForLocale, formatMoney } from "@/lib/billing/money";

describe("billing catalogue", () => {
  it("has the spec's plans, prices and credits", () => {
    expect(plans.map((p) => [p.id, p.pricePerMonthUsd.monthly, p.pricePerMonthUsd.yearly, p.creditsPerMonth])).toEqual([
      ["starter", 999, 799, 25],
      ["pro", 4999, 3999, 150],
      ["advanced", 8999, 7199, 300],
    ]);
    expect(plans.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
    expect(findPlan("starter")?.features.find((f) => f.key === "remixAndEdit")?.included).toBe(false);
  });

  it("prices yearly plans about 20% below monthly", () => {
    for (const plan of plans) {
      const saving = 1 - plan.pricePerMonthUsd.yearly / plan.pricePerMonthUsd.monthly;
      expect(saving).toBeCloseTo(0.2, 1);
    }
  });

  it("has the spec's top-ups, headshot packages and version A cash packs", () => {
    expect(findTopUp(200)?.priceUsd).toBe(4900);
    expect(findTopUp(31)).toBeUndefined();
    expect(headshotCreditPackages.map((p) => [p.headshots, p.credits])).toEqual([
      [1, 2],
      [10, 20],
      [25, 50],
      [50, 100],
    ]);
    expect(cashPacks.map((p) => [p.packageType, p.priceUsd])).toEqual([
      ["10_headshots", 999],
      ["25_headshots", 1499],
      ["50_headshots", 2099],
    ]);
    expect(findCashPack("40_headshots")).toBeUndefined();
  });

  it("marks the cheapest credit as best value", () => {
    expect(bestValueTopUp()).toEqual({ credits: 1000, priceUsd: 19900 });
  });

  it("shows credits / 2 images and price per credit", () => {
    expect(approximateImages(25)).toBe(12);
    expect(approximateImages(150)).toBe(75);
    expect((pricePerCredit(999, 25) / 100).toFixed(2)).toBe("0.40");
  });

  it("charges EUR at USD × 0.85 for German, French and Spanish", () => {
    expect(currencyForLocale("de")).toBe("eur");
    expect(currencyForLocale("fr")).toBe("eur");
    expect(currencyForLocale("es")).toBe("eur");
    expect(currencyForLocale("en")).toBe("usd");
    expect(currencyForLocale("ar")).toBe("usd");
    expect(priceIn(999, "eur")).toBe(849);
    expect(priceIn(4999, "eur")).toBe(4249);
    expect(priceIn(999, "usd")).toBe(999);
    expect(formatMoney(849, "eur", "de")).toMatch(/8,49\s€/);
    expect(formatMoney(999, "usd", "en")).toBe("$9.99");
  });
});
