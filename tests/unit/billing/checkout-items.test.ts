import { describe, expect, it } from "vitest";
import { parsePlanItemId, priceCheckoutItem } from "@/lib/billing/checkout-items";
import { parsePlanPriceIds, resolvePaymentsMode } from "@/lib/billing/payments-config";

describe("pricing a checkout from the catalogue", () => {
  it("prices plans per month, yearly plans as twelve discounted months", () => {
    expect(priceCheckoutItem({ kind: "subscription", planId: "pro", billingCycle: "monthly" }, "usd")).toMatchObject({
      itemId: "pro_monthly",
      amountMinor: 4999,
      recurringInterval: "month",
      credits: 0,
    });
    expect(priceCheckoutItem({ kind: "subscription", planId: "advanced", billingCycle: "yearly" }, "eur")).toMatchObject({
      itemId: "advanced_yearly",
      amountMinor: 6119 * 12,
      currency: "eur",
      recurringInterval: "year",
    });
  });

  it("prices top-ups and cash packs, and knows nothing else", () => {
    expect(priceCheckoutItem({ kind: "top_up", credits: 1000 }, "eur")).toMatchObject({ itemId: "top_up_1000", amountMinor: 16915, credits: 1000 });
    expect(priceCheckoutItem({ kind: "cash_pack", packageType: "50_headshots" }, "usd")).toMatchObject({ amountMinor: 2099, credits: 0 });
    expect(priceCheckoutItem({ kind: "top_up", credits: 500 }, "usd")).toBeUndefined();
  });

  it("reads plan item ids back", () => {
    expect(parsePlanItemId("starter_yearly")).toEqual({ planId: "starter", billingCycle: "yearly" });
    expect(parsePlanItemId("top_up_30")).toBeUndefined();
    expect(parsePlanItemId("gold_monthly")).toBeUndefined();
  });
});

describe("payments configuration", () => {
  it("uses Stripe when configured, the test checkout outside production or when allowed, else nothing", () => {
    expect(resolvePaymentsMode({ STRIPE_SECRET_KEY: "sk_live_x", NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "true" })).toBe("stripe");
    expect(resolvePaymentsMode({ STRIPE_SECRET_KEY: undefined, NODE_ENV: "development", ALLOW_TEST_CHECKOUT: "false" })).toBe("test");
    expect(resolvePaymentsMode({ STRIPE_SECRET_KEY: undefined, NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "true" })).toBe("test");
    expect(resolvePaymentsMode({ STRIPE_SECRET_KEY: undefined, NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "false" })).toBe("disabled");
  });

  it("parses plan price ids", () => {
    expect(parsePlanPriceIds(" pro_monthly=price_1, advanced_yearly=price_2 ")).toEqual({ pro_monthly: "price_1", advanced_yearly: "price_2" });
    expect(parsePlanPriceIds(undefined)).toEqual({});
  });
});
