import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { findProfile, readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { startCheckout } from "@/lib/billing/checkout";
import { closeOpenCheckouts } from "@/lib/billing/checkout-sessions";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { deliverAll } from "@/tests/fakes/stripe-delivery";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import { pendingPurchase, testModeContext } from "@/tests/helpers/billing";
import { seededRandom } from "@/tests/helpers/seeded-random";
import { expectLedgerMatchesBalance, stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 15, story 5: one live subscription per customer. A second subscription checkout
 * replaces one still open (or is refused while that one is being paid), a subscriber is sent
 * to where plans are managed, and a second subscription that arrives anyway is cancelled and
 * refunded automatically. Story 12: a deleted account leaves no checkout open.
 */
describeEachDatabase("one live subscription per customer", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };

  stripeJourneyHooks(ctx, () => new Date("2026-06-15T10:00:00Z"), (state) => ({ fake, journey, user } = state));

  const plan = (planId: "starter" | "pro" | "advanced") => ({ kind: "subscription", planId, billingCycle: "monthly" }) as const;

  it("a second subscription checkout expires the first one still open, so it cannot be paid", async () => {
    const first = await journey.checkout(user, plan("pro"));
    const second = await journey.checkout(user, plan("starter"));
    expect(fake.world.retrieveCheckoutSession(first.sessionId)).toMatchObject({ status: "expired" });
    expect(await findPurchase(ctx.db, user.id, first.purchase.id)).toMatchObject({ status: "cancelled" });
    expect(() => fake.world.completeCheckout(first.sessionId)).toThrow(/expired/);
    fake.world.completeCheckout(second.sessionId);
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "active" });
  });

  it("refuses a new subscription checkout while an earlier one is being paid", async () => {
    const first = await journey.checkout(user, plan("pro"));
    fake.world.completeCheckout(first.sessionId);
    await expect(journey.checkout(user, plan("advanced"))).rejects.toMatchObject({ code: "subscriptionCheckoutPending" });
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(1);
    await journey.deliverAll();
    // Once the plan has landed, another plan is a change made in the Customer Portal.
    const { url } = await startCheckout(journey.billing, user, plan("advanced"), { locale: "en" });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it("cancels and refunds a second subscription that arrives anyway, whatever order its events come in", async () => {
    const firstId = await journey.subscribe(user, "pro");
    // Paid in a checkout opened before any of the above could stop it.
    const profile = await findProfile(ctx.db, user.id);
    const purchase = await pendingPurchase(ctx.db, { userId: user.id, kind: "subscription", itemId: "starter_monthly", amountMinor: 999 });
    const session = fake.world.createCheckoutSession({
      mode: "subscription",
      customer: profile?.stripeCustomerId,
      metadata: { purchaseId: purchase.id, userId: user.id, kind: "subscription", itemId: "starter_monthly" },
      subscription_data: { metadata: { purchaseId: purchase.id, userId: user.id, planId: "starter", billingCycle: "monthly" } },
      line_items: [{ price: "price_starter_monthly", quantity: "1" }],
    });
    const { subscription: second } = fake.world.completeCheckout(session.id);
    const statuses = await deliverAll(fake.world, journey.deliver, { random: seededRandom(15), twice: 0.5 });
    expect(new Set(statuses)).toEqual(new Set([200]));
    // The refund and the cancellation send their own events: they change nothing more.
    await deliverAll(fake.world, journey.deliver, { random: seededRandom(16), twice: 0.5 });

    expect(fake.world.retrieveSubscription(second?.id ?? "")).toMatchObject({ status: "canceled" });
    const secondCharge = [...fake.world.charges.values()].find((c) => c.payment_intent === fake.world.latestPaymentOf(second?.id ?? ""));
    expect(secondCharge).toMatchObject({ refunded: true, amount_refunded: 999 });
    expect(fake.world.retrieveSubscription(firstId)).toMatchObject({ status: "active" });
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", refundedMinor: 999 });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ stripeSubscriptionId: firstId, subscriptionPlan: "pro", subscriptionStatus: "active", monthlyCredits: 150 });
    expect(await readAvailableCredits(ctx.db, user.id)).toBe(155);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("lets a new subscription replace one that ended at Stripe before its end reached us", async () => {
    const firstId = await journey.subscribe(user, "pro");
    fake.world.cancelSubscription(firstId);
    fake.world.outbox.length = 0;
    const profile = await findProfile(ctx.db, user.id);
    const purchase = await pendingPurchase(ctx.db, { userId: user.id, kind: "subscription", itemId: "advanced_monthly", amountMinor: 8999 });
    const session = fake.world.createCheckoutSession({
      mode: "subscription",
      customer: profile?.stripeCustomerId,
      metadata: { purchaseId: purchase.id, userId: user.id, kind: "subscription", itemId: "advanced_monthly" },
      subscription_data: { metadata: { purchaseId: purchase.id, userId: user.id, planId: "advanced", billingCycle: "monthly" } },
      line_items: [{ price: "price_advanced_monthly", quantity: "1" }],
    });
    const { subscription: second } = fake.world.completeCheckout(session.id);
    await journey.deliverAll();
    expect(fake.world.retrieveSubscription(second?.id ?? "")).toMatchObject({ status: "active" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ stripeSubscriptionId: second?.id, subscriptionPlan: "advanced", monthlyCredits: 300 });
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "paid" });
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("in the test checkout: a subscriber goes to the built-in portal, and a second plan paid anyway is refunded", async () => {
    const billing = testModeContext(ctx.db);
    const first = await startCheckout(billing, user, plan("pro"), { locale: "en" });
    const second = await startCheckout(billing, user, plan("starter"), { locale: "en" });
    expect(await findPurchase(ctx.db, user.id, first.purchaseId ?? "")).toMatchObject({ status: "cancelled" });
    await payTestCheckout(billing, user.id, second.purchaseId ?? "");
    // The first tab's Pay button, pressed anyway.
    await payTestCheckout(billing, user.id, first.purchaseId ?? "");
    expect(await findPurchase(ctx.db, user.id, first.purchaseId ?? "")).toMatchObject({ status: "refunded", refundedMinor: 4999 });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "starter", monthlyCredits: 25 });
    const { url } = await startCheckout(billing, user, plan("advanced"), { locale: "en" });
    expect(url).toBe("https://app.example.test/subscription/manage");
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a Stripe subscription takes the place of a plan from the test checkout, which took no money", async () => {
    const test = testModeContext(ctx.db);
    const { purchaseId } = await startCheckout(test, user, plan("starter"), { locale: "en" });
    await payTestCheckout(test, user.id, purchaseId ?? "");
    const subscriptionId = await journey.subscribe(user, "pro");
    expect(fake.world.retrieveSubscription(subscriptionId)).toMatchObject({ status: "active" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ stripeSubscriptionId: subscriptionId, subscriptionPlan: "pro", monthlyCredits: 150 });
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("deleting an account expires its open checkouts; a payment that lands anyway is refunded", async () => {
    await journey.subscribe(user, "pro");
    const open = await journey.checkout(user, { kind: "top_up", credits: 200 });
    const raced = await journey.checkout(user, { kind: "cash_pack", packageType: "10_headshots" });
    const { paymentIntent } = fake.world.completeCheckout(raced.sessionId);
    const storage = new LocalDiskStorage({ root: mkdtempSync(path.join(os.tmpdir(), "billing-")), publicBaseUrl: "http://app.test", signingSecret: () => "x".repeat(32) });
    await deleteAccount(
      { db: ctx.db, storage, cancelSubscription: async () => {}, expireCheckouts: async (id) => void (await closeOpenCheckouts(journey.billing, id)) },
      user.id,
    );
    expect(fake.world.retrieveCheckoutSession(open.sessionId)).toMatchObject({ status: "expired" });
    await journey.deliverAll();
    expect(fake.world.retrieveCharge(String(paymentIntent?.latest_charge))).toMatchObject({ refunded: true });
  });
});
