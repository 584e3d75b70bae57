import { describe, expect, it } from "vitest";
import { billingCycles, cashPacks, plans, topUps } from "@/lib/billing/catalog";
import { priceCheckoutItem } from "@/lib/billing/checkout-items";
import { convertFromUsd, type Currency } from "@/lib/billing/money";
import { buildPriceList } from "@/lib/billing/price-list";

/**
 * Issue 15 story 12: one rounding rule for every amount charged and displayed. Each catalogue
 * price is converted once, for the unit the buyer sees, rounded half up to the cent; a year is
 * twelve of the monthly prices shown.
 */
describe("prices and rounding", () => {
  const currencies: Currency[] = ["usd", "eur"];

  it("converts to EUR at 0.85, rounding half up in whole cents", () => {
    expect(convertFromUsd(799, "eur")).toBe(679); // 679.15
    expect(convertFromUsd(10, "eur")).toBe(9); // 8.5 rounds up
    expect(convertFromUsd(30, "eur")).toBe(26); // 25.5 rounds up
    expect(convertFromUsd(1, "eur")).toBe(1); // 0.85
    expect(convertFromUsd(4999, "usd")).toBe(4999);
  });

  it("charges exactly what the plan cards show, and a year as twelve of the months shown", () => {
    for (const currency of currencies) {
      const shown = buildPriceList(currency);
      for (const plan of plans) {
        for (const cycle of billingCycles) {
          const card = shown.plans.find((offer) => offer.id === plan.id)?.prices[cycle];
          const charged = priceCheckoutItem({ kind: "subscription", planId: plan.id, billingCycle: cycle }, currency);
          expect(charged?.amountMinor).toBe(card?.billedMinor);
          expect(card?.billedMinor).toBe((card?.perMonthMinor ?? 0) * (cycle === "yearly" ? 12 : 1));
        }
      }
    }
    expect(buildPriceList("eur").plans.find((offer) => offer.id === "starter")?.prices.yearly).toMatchObject({ perMonthMinor: 679, billedMinor: 8148 });
  });

  it("charges exactly what the top-up grid and the cash packs show", () => {
    for (const currency of currencies) {
      const shown = buildPriceList(currency);
      for (const topUp of topUps) {
        const charged = priceCheckoutItem({ kind: "top_up", credits: topUp.credits }, currency);
        expect(charged?.amountMinor).toBe(shown.topUps.find((offer) => offer.credits === topUp.credits)?.priceMinor);
      }
      for (const pack of cashPacks) {
        const charged = priceCheckoutItem({ kind: "cash_pack", packageType: pack.packageType }, currency);
        expect(charged?.amountMinor).toBe(shown.cashPacks.find((offer) => offer.packageType === pack.packageType)?.priceMinor);
      }
    }
  });
});
