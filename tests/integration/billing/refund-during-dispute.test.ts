import { beforeEach, expect, it } from "vitest";
import { listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { spendCredits } from "@/lib/credits/ledger";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import { expectLedgerMatchesBalance, stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 34, story 1: a refund during an open dispute uses up the dispute's hold first, and the
 * dispute's close gives back only what the refund left held. Through the real webhook handler
 * with signed events from the Stripe stand-in, in both orders of the refund and the hold's
 * event, for every outcome (won, lost, an inquiry closed with a warning).
 */
describeEachDatabase("a refund during an open dispute", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };

  stripeJourneyHooks(ctx, () => new Date("2026-05-04T08:00:00Z"), (state) => ({ fake, journey, user } = state));
  beforeEach(async () => {
    await spendCredits(ctx.db, { userId: user.id, amount: 5, causeKey: "test:welcome-spent" });
  });

  const balance = () => readAvailableCredits(ctx.db, user.id);

  /** A Pro subscriber (150 a month) who bought 200 credits for $49: 350 available. */
  async function subscriberWithTopUp() {
    await journey.subscribe(user, "pro");
    const { purchase, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 200 });
    const paymentIntent = fake.world.completeCheckout(sessionId).paymentIntent?.id ?? "";
    await journey.deliverAll();
    expect(await balance()).toBe(350);
    return { purchase, paymentIntent };
  }

  /** The dispute opens and the refund is made at Stripe; their events arrive in `order`. */
  async function refundDuringDispute(paymentIntent: string, options: { order: "hold first" | "refund first"; kind: "chargeback" | "inquiry"; amount?: number }) {
    const dispute = fake.world.openDispute(paymentIntent, options.kind);
    fake.world.createRefund({ payment_intent: paymentIntent, ...(options.amount ? { amount: options.amount } : {}) });
    const events = fake.world.outbox.splice(0);
    const isRefund = (e: (typeof events)[number]) => e.type === "charge.refunded";
    const ordered = options.order === "refund first" ? events.filter(isRefund).concat(events.filter((e) => !isRefund(e))) : events;
    for (const event of ordered) expect((await journey.deliver(event)).status).toBe(200);
    return dispute;
  }

  const outcomes = [
    { kind: "chargeback", outcome: "won" },
    { kind: "chargeback", outcome: "lost" },
    { kind: "inquiry", outcome: "warning_closed" },
  ] as const;
  const orders = ["hold first", "refund first"] as const;

  for (const { kind, outcome } of outcomes) {
    for (const order of orders) {
      it(`a full refund takes the held credits once; the ${kind} closed ${outcome} gives nothing back (${order})`, async () => {
        const { purchase, paymentIntent } = await subscriberWithTopUp();
        const dispute = await refundDuringDispute(paymentIntent, { order, kind });
        expect(await balance()).toBe(150);
        fake.world.closeDispute(dispute, outcome);
        await journey.deliverAll();
        expect(await balance()).toBe(150);
        expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", refundedMinor: 4900 });
        const rows = (await listLedgerEntries(ctx.db, user.id, { limit: 50 })).filter((e) => e.purchaseId === purchase.id);
        // Taken back once, by the refund, and nothing recorded as unrecovered: none of it was spent.
        expect(rows.filter((e) => e.kind === "reversal").reduce((sum, e) => sum - e.delta, 0)).toBe(200);
        expect(rows.every((e) => e.unrecovered === 0)).toBe(true);
        await expectLedgerMatchesBalance(ctx.db, user.id);
      });
    }
  }

  for (const order of orders) {
    it(`a half refund during a dispute leaves the other half held, and won gives that back (${order})`, async () => {
      const { paymentIntent } = await subscriberWithTopUp();
      const dispute = await refundDuringDispute(paymentIntent, { order, kind: "inquiry", amount: 2450 });
      expect(await balance()).toBe(150);
      fake.world.closeDispute(dispute, "won");
      await journey.deliverAll();
      expect(await balance()).toBe(250);
      await expectLedgerMatchesBalance(ctx.db, user.id);
    });
  }

  it("a half refund during a lost chargeback: the refund takes half, the dispute keeps the rest", async () => {
    const { purchase, paymentIntent } = await subscriberWithTopUp();
    const dispute = await refundDuringDispute(paymentIntent, { order: "hold first", kind: "chargeback", amount: 2450 });
    fake.world.closeDispute(dispute, "lost");
    await journey.deliverAll();
    expect(await balance()).toBe(150);
    // In the order written, as the credit history shows them: the refund ends the hold, takes
    // back its half and holds the other half again, which the lost dispute keeps.
    const rows = (await listLedgerEntries(ctx.db, user.id, { limit: 50 })).reverse().filter((e) => e.purchaseId === purchase.id);
    expect(rows.map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([
      ["purchase", 200, 350],
      ["dispute_hold", -200, 150],
      ["dispute_release", 200, 350],
      ["reversal", -100, 250],
      ["dispute_hold", -100, 150],
    ]);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("credits spent during the dispute are recorded once as unrecovered, and a won dispute gives back none", async () => {
    const { purchase, paymentIntent } = await subscriberWithTopUp();
    // Bonus credits go first: 170 of the top-up's credits are spent, 30 are left.
    await spendCredits(ctx.db, { userId: user.id, amount: 170, causeKey: "test:spend" });
    const dispute = await refundDuringDispute(paymentIntent, { order: "hold first", kind: "inquiry" });
    fake.world.closeDispute(dispute, "warning_closed");
    await journey.deliverAll();
    expect(await balance()).toBe(150);
    const rows = (await listLedgerEntries(ctx.db, user.id, { limit: 50 })).filter((e) => e.purchaseId === purchase.id);
    expect(rows.find((e) => e.kind === "reversal")).toMatchObject({ delta: -30, unrecovered: 170 });
    expect(rows.filter((e) => e.kind === "dispute_hold")).toHaveLength(1);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });
});
