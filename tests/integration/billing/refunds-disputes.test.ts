import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { spendCredits } from "@/lib/credits/ledger";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import { expectLedgerMatchesBalance, stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 15, story 6 (decision 20), through the real checkout and webhook with the Stripe
 * stand-in: refunds take back what they paid for, never below zero, and what was already
 * spent is recorded; disputes freeze what their payment bought until they close.
 */
describeEachDatabase("refunds and disputes", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };
  let spends = 0;

  stripeJourneyHooks(ctx, () => new Date("2026-05-04T08:00:00Z"), (state) => ({ fake, journey, user } = state));
  beforeEach(async () => {
    await spend(5);
  });

  const spend = (amount: number) => spendCredits(ctx.db, { userId: user.id, amount, causeKey: `test:spend:${(spends += 1)}` });
  const balance = () => readAvailableCredits(ctx.db, user.id);
  const ledger = async () => (await listLedgerEntries(ctx.db, user.id, { limit: 50 })).reverse();

  /** A Pro subscriber who bought 200 credits: 350 available. */
  async function subscriberWithTopUp() {
    const subscriptionId = await journey.subscribe(user, "pro");
    const { purchase, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 200 });
    const paymentIntent = fake.world.completeCheckout(sessionId).paymentIntent?.id ?? "";
    await journey.deliverAll();
    expect(await balance()).toBe(350);
    return { subscriptionId, purchase, paymentIntent };
  }

  it("a refunded top-up takes back the credits it bought that are left, and records those already spent", async () => {
    const { purchase, paymentIntent } = await subscriberWithTopUp();
    await spend(180);
    fake.world.createRefund({ payment_intent: paymentIntent });
    await journey.deliverAll();
    // 20 bought credits were left; the plan's own allowance is not the refund's to take.
    expect(await balance()).toBe(150);
    expect((await ledger()).at(-1)).toMatchObject({ kind: "reversal", delta: -20, unrecovered: 180, purchaseId: purchase.id });
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", refundedMinor: 4900 });
    // The same event again, and a later one with the same refund, change nothing.
    const [refunded] = fake.world.events.filter((e) => e.type === "charge.refunded");
    if (!refunded) throw new Error("no charge.refunded");
    await journey.deliver(refunded);
    fake.world.emit("charge.refunded", fake.world.retrieveCharge(String(refunded.data.object.id)));
    await journey.deliverAll();
    expect(await balance()).toBe(150);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("partial refunds take back credits in proportion, rounded against the refunded share", async () => {
    const { purchase, paymentIntent } = await subscriberWithTopUp();
    fake.world.createRefund({ payment_intent: paymentIntent, amount: 2450 });
    await journey.deliverAll();
    expect(await balance()).toBe(250);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "paid", refundedMinor: 2450 });
    fake.world.createRefund({ payment_intent: paymentIntent, amount: 1 });
    await journey.deliverAll();
    expect(await balance()).toBe(249);
    fake.world.createRefund({ payment_intent: paymentIntent });
    await journey.deliverAll();
    expect(await balance()).toBe(150);
    const reversals = (await ledger()).filter((e) => e.kind === "reversal");
    expect(reversals.map((e) => e.delta)).toEqual([-100, -1, -99]);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a refund delivered before the payment's confirmation leaves nothing granted", async () => {
    await journey.subscribe(user, "pro");
    const { purchase, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 30 });
    const paymentIntent = fake.world.completeCheckout(sessionId).paymentIntent?.id ?? "";
    fake.world.createRefund({ payment_intent: paymentIntent });
    const events = fake.world.outbox.splice(0).reverse();
    for (const event of events) expect((await journey.deliver(event)).status).toBe(200);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", stripePaymentIntentId: paymentIntent });
    expect(await balance()).toBe(150);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a refunded cash pack bought a headshot order, not credits: it is recorded and nothing is taken", async () => {
    const { purchase, sessionId } = await journey.checkout(user, { kind: "cash_pack", packageType: "10_headshots" });
    const paymentIntent = fake.world.completeCheckout(sessionId).paymentIntent?.id ?? "";
    await journey.deliverAll();
    await journey.subscribe(user, "starter");
    fake.world.createRefund({ payment_intent: paymentIntent });
    await journey.deliverAll();
    await journey.deliverAll();
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", refundedMinor: 999 });
    expect(await balance()).toBe(25);
    expect((await ledger()).some((e) => e.kind === "reversal")).toBe(false);
  });

  it("a refunded subscription ends at once, at Stripe and here, recording the credits spent", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(40);
    fake.world.createRefund({ payment_intent: fake.world.latestPaymentOf(subscriptionId) });
    await journey.deliverAll();
    expect(fake.world.retrieveSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "canceled", monthlyCredits: 0 });
    expect(await balance()).toBe(0);
    expect((await ledger()).find((e) => e.kind === "reversal")).toMatchObject({ delta: -110, unrecovered: 40 });
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a dispute freezes a top-up's credits until it is won", async () => {
    const { purchase, paymentIntent } = await subscriberWithTopUp();
    const dispute = fake.world.openDispute(paymentIntent);
    await journey.deliverAll();
    expect(await balance()).toBe(150);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ disputeStatus: "open", stripeDisputeId: dispute });
    fake.world.closeDispute(dispute, "won");
    await journey.deliverAll();
    expect(await balance()).toBe(350);
    expect((await ledger()).slice(-2).map((e) => [e.kind, e.delta])).toEqual([
      ["dispute_hold", -200],
      ["dispute_release", 200],
    ]);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a lost dispute keeps the frozen credits taken; one lost before its opening arrives takes them once", async () => {
    const { paymentIntent } = await subscriberWithTopUp();
    await spend(170);
    const dispute = fake.world.openDispute(paymentIntent);
    fake.world.closeDispute(dispute, "lost");
    // Delivered the wrong way round: the close first.
    for (const event of fake.world.outbox.splice(0).reverse()) await journey.deliver(event);
    expect(await balance()).toBe(150);
    expect((await ledger()).filter((e) => e.causeKey.startsWith("dispute:"))).toMatchObject([{ kind: "reversal", delta: -30, unrecovered: 170 }]);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a dispute on a plan's payment freezes the allowance; lost, it ends the plan at once", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(30);
    const first = fake.world.openDispute(fake.world.latestPaymentOf(subscriptionId));
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ allowanceFrozenBy: first, monthlyCredits: 0, creditsUsed: 30 });
    fake.world.closeDispute(first, "won");
    await journey.deliverAll();
    expect(await balance()).toBe(120);
    const second = fake.world.openDispute(fake.world.latestPaymentOf(subscriptionId));
    await journey.deliverAll();
    expect(await balance()).toBe(0);
    fake.world.closeDispute(second, "lost");
    await journey.deliverAll();
    expect(fake.world.retrieveSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "canceled", monthlyCredits: 0 });
    expect(await balance()).toBe(0);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });
});
