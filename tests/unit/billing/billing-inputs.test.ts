import { describe, expect, it } from "vitest";
import { invoiceObject, invoiceSubscriptionId, subscriptionObject } from "@/lib/billing/stripe-objects";
import { snapshotFromStripe } from "@/lib/billing/stripe-subscription";
import {
  cashPackCheckoutInput,
  checkoutStatusInput,
  creditCheckoutInput,
  subscriptionCheckoutInput,
} from "@/lib/validations/billing";

describe("what purchase buttons may send", () => {
  it("keeps only catalogue ids: an amount or currency from the browser is dropped", () => {
    const order = { options: { gender: "female" }, image: null };
    const parsed = cashPackCheckoutInput.parse({ packageType: "25_headshots", ...order, amount: 1, currency: "usd" });
    expect(parsed).toEqual({ packageType: "25_headshots", ...order });
    expect(subscriptionCheckoutInput.parse({ planId: "pro", billingCycle: "yearly", price: 0 })).toEqual({ planId: "pro", billingCycle: "yearly" });
  });

  it("refuses unknown plans, cycles, packs and odd credit counts", () => {
    expect(subscriptionCheckoutInput.safeParse({ planId: "platinum", billingCycle: "monthly" }).success).toBe(false);
    expect(subscriptionCheckoutInput.safeParse({ planId: "pro", billingCycle: "weekly" }).success).toBe(false);
    expect(cashPackCheckoutInput.safeParse({ packageType: "40_headshots", options: {}, image: null }).success).toBe(false);
    expect(creditCheckoutInput.safeParse({ credits: -30 }).success).toBe(false);
    expect(creditCheckoutInput.safeParse({ credits: "30" }).success).toBe(false);
  });

  it("accepts only session ids shaped like Stripe's or the test checkout's", () => {
    expect(checkoutStatusInput.safeParse({ sessionId: "cs_test_a1B2" }).success).toBe(true);
    expect(checkoutStatusInput.safeParse({ sessionId: "test_0b8a3f9e-5d1c-4c2a-9e7f-1a2b3c4d5e6f" }).success).toBe(true);
    expect(checkoutStatusInput.safeParse({ sessionId: "' or 1=1 --" }).success).toBe(false);
  });
});

describe("reading Stripe objects", () => {
  const observedAt = new Date("2026-01-01T00:00:00Z");
  const subscription = {
    id: "sub_1",
    status: "active",
    customer: { id: "cus_1" },
    metadata: { planId: "starter", userId: "u1" },
    cancel_at_period_end: false,
    items: { data: [{ price: { id: "price_x", recurring: { interval: "year" } }, current_period_start: 1_767_225_600, current_period_end: 1_798_761_600 }] },
  };

  it("takes the plan from a configured price id first, then from metadata", () => {
    const parsed = subscriptionObject.parse(subscription);
    expect(snapshotFromStripe(parsed, {}, observedAt)).toMatchObject({ planId: "starter", billingCycle: "yearly", customerId: "cus_1" });
    expect(snapshotFromStripe(parsed, { advanced_yearly: "price_x" }, observedAt)).toMatchObject({ planId: "advanced", billingCycle: "yearly" });
    expect(snapshotFromStripe(subscriptionObject.parse({ ...subscription, metadata: {} }), {}, observedAt)).toBeUndefined();
  });

  it("reads the period from the item or, for older API versions, from the subscription", () => {
    const { items, ...rest } = subscription;
    const legacy = subscriptionObject.parse({
      ...rest,
      current_period_start: 1_767_225_600,
      current_period_end: 1_769_904_000,
      items: { data: [{ price: items.data[0]?.price }] },
    });
    expect(snapshotFromStripe(legacy, {}, observedAt)?.currentPeriodEnd).toEqual(new Date(1_769_904_000 * 1000));
  });

  it("finds an invoice's subscription in either API shape", () => {
    expect(invoiceSubscriptionId(invoiceObject.parse({ id: "in_1", parent: { subscription_details: { subscription: "sub_new" } } }))).toBe("sub_new");
    expect(invoiceSubscriptionId(invoiceObject.parse({ id: "in_2", subscription: "sub_old" }))).toBe("sub_old");
    expect(invoiceSubscriptionId(invoiceObject.parse({ id: "in_3", parent: null }))).toBeUndefined();
  });
});
