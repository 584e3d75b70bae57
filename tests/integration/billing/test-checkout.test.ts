import { beforeEach, expect, it } from "vitest";
import { findProfile, readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { startCheckout } from "@/lib/billing/checkout";
import { getCheckoutStatus } from "@/lib/billing/checkout-status";
import type { BillingContext } from "@/lib/billing/context";
import { cancelTestCheckout, findTestCheckoutOrder, payTestCheckout } from "@/lib/billing/test-checkout";
import { ensureProfile } from "@/lib/credits/ledger";
import { testModeContext } from "@/tests/helpers/billing";
import { createUser } from "@/tests/helpers/factories";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("built-in test checkout", (ctx) => {
  let billing: BillingContext;
  let user: { id: string; email: string };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    billing = testModeContext(ctx.db, () => new Date("2026-06-01T08:00:00Z"));
    user = await createUser(ctx.db);
    await ensureProfile(ctx.db, user.id);
  });

  async function order(request: Parameters<typeof startCheckout>[2]) {
    const { purchaseId } = await startCheckout(billing, user, request, { locale: "en" });
    if (!purchaseId) throw new Error("no purchase");
    return purchaseId;
  }

  it("starts a plan through the webhook's fulfilment and returns to the payment-return page", async () => {
    const purchaseId = await order({ kind: "subscription", planId: "pro", billingCycle: "monthly" });
    expect(await getCheckoutStatus(ctx.db, user.id, `test_${purchaseId}`)).toEqual({ status: "pending", kind: "subscription" });
    const next = await payTestCheckout(billing, user.id, purchaseId);
    expect(next).toBe(`/subscription?session_id=test_${purchaseId}`);
    expect(await getCheckoutStatus(ctx.db, user.id, `test_${purchaseId}`)).toEqual({ status: "paid", kind: "subscription" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({
      subscriptionPlan: "pro",
      subscriptionStatus: "active",
      monthlyCredits: 150,
      stripeSubscriptionId: `test_${purchaseId}`,
      stripeCustomerId: null,
    });
    expect(await readAvailableCredits(ctx.db, user.id)).toBe(155);
  });

  it("grants a top-up once, however often it is paid", async () => {
    await payTestCheckout(billing, user.id, await order({ kind: "subscription", planId: "starter", billingCycle: "yearly" }));
    const topUp = await order({ kind: "top_up", credits: 30 });
    await Promise.all([payTestCheckout(billing, user.id, topUp), payTestCheckout(billing, user.id, topUp)]);
    await payTestCheckout(billing, user.id, topUp);
    expect(await readAvailableCredits(ctx.db, user.id)).toBe(5 + 25 + 30);
  });

  it("cancels an order without charging anything", async () => {
    const purchaseId = await order({ kind: "cash_pack", packageType: "10_headshots" });
    await cancelTestCheckout(billing, user.id, purchaseId);
    expect((await findPurchase(ctx.db, user.id, purchaseId))?.status).toBe("cancelled");
    expect(await getCheckoutStatus(ctx.db, user.id, `test_${purchaseId}`)).toEqual({ status: "cancelled", kind: "cash_pack" });
  });

  it("shows and pays only the buyer's own orders, and only in test mode", async () => {
    const purchaseId = await order({ kind: "cash_pack", packageType: "25_headshots" });
    const stranger = await createUser(ctx.db);
    expect(await findTestCheckoutOrder(billing, stranger.id, purchaseId)).toBeUndefined();
    await expect(payTestCheckout(billing, stranger.id, purchaseId)).rejects.toMatchObject({ code: "purchaseNotFound" });
    expect(await getCheckoutStatus(ctx.db, stranger.id, `test_${purchaseId}`)).toBeUndefined();
    const disabled: BillingContext = { ...billing, payments: { mode: "disabled" } };
    await expect(payTestCheckout(disabled, user.id, purchaseId)).rejects.toMatchObject({ code: "purchaseNotFound" });
    expect((await findPurchase(ctx.db, user.id, purchaseId))?.status).toBe("pending");
  });
});
