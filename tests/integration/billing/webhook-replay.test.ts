import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { findProfile, listLedgerEntries } from "@/db/queries/credits";
import { purchases } from "@/db/schema";
import { ensureProfile, spendCredits } from "@/lib/credits/ledger";
import { deliverAll, deliverSome, type DeliveryChances } from "@/tests/fakes/stripe-delivery";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import { createUser } from "@/tests/helpers/factories";
import { seededRandom } from "@/tests/helpers/seeded-random";
import { expectLedgerMatchesBalance, stripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Stripe may deliver events late, twice or out of order, while the subscription moves on. A
 * year of billing (checkouts, plan changes down and up, a partial refund, a renewal whose card
 * fails before the retry pays, a dispute won, a cancellation) is played against the Stripe
 * stand-in, whose API answers with the state at the moment it is asked. Between the points
 * where the buyer spends credits, events are held back, doubled and shuffled by a seeded
 * random source; every seed must end where delivering each event once, in order, ends.
 * Each story's mistake of the past (a plan's round trip giving spent credits back, a renewal's
 * month granted before it was paid, a recovered payment restoring spent credits) changes the
 * end and fails this test.
 */

const start = new Date("2026-01-05T09:00:00Z");

describeEachDatabase("Stripe webhook replays", (ctx) => {
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await fake.close();
  });

  /** Plays the script; `deliverSomeNow` runs after each step, a full delivery at each sync point. */
  async function play(chances: DeliveryChances | undefined) {
    await truncateAllTables(ctx.db);
    fake.world.reset(start);
    const { world } = fake;
    const journey = stripeJourney(ctx.db, fake);
    const user = await createUser(ctx.db);
    await ensureProfile(ctx.db, user.id);
    const statuses: number[] = [];
    const step = async () => {
      if (chances) statuses.push(...(await deliverSome(world, journey.deliver, chances)));
    };
    const sync = async () => {
      statuses.push(...(await deliverAll(world, journey.deliver, chances)));
    };
    let spends = 0;
    const spend = (amount: number) => spendCredits(ctx.db, { userId: user.id, amount, causeKey: `replay:spend:${(spends += 1)}` });

    const pro = await journey.checkout(user, { kind: "subscription", planId: "pro", billingCycle: "monthly" });
    const subscriptionId = world.completeCheckout(pro.sessionId).subscription?.id ?? "";
    await step();
    const topUp = await journey.checkout(user, { kind: "top_up", credits: 200 }).catch(async () => {
      // Top-ups need an active plan: if its events are still on their way, wait for them.
      await sync();
      return journey.checkout(user, { kind: "top_up", credits: 200 });
    });
    const topUpPayment = world.completeCheckout(topUp.sessionId).paymentIntent?.id ?? "";
    await step();
    const pack = await journey.checkout(user, { kind: "cash_pack", packageType: "10_headshots" });
    world.completeCheckout(pack.sessionId);
    await sync();
    await spend(300);

    world.advanceDays(3);
    world.changePrice(subscriptionId, "price_starter_monthly");
    await step();
    world.advanceDays(1);
    world.changePrice(subscriptionId, "price_pro_monthly");
    await step();
    world.createRefund({ payment_intent: topUpPayment, amount: 2450 });
    await sync();

    world.setClock(world.periodOf(subscriptionId).end);
    world.startRenewal(subscriptionId);
    await sync();
    await spend(55);
    world.collect(subscriptionId, { pays: false });
    await step();
    world.advanceDays(2);
    world.retryPayment(subscriptionId, { pays: true });
    await sync();
    await spend(20);

    const dispute = world.openDispute(topUpPayment);
    await step();
    world.advanceDays(10);
    world.closeDispute(dispute, "won");
    await step();
    world.setCancelAtPeriodEnd(subscriptionId, true);
    await sync();
    await spend(10);
    world.setClock(world.periodOf(subscriptionId).end);
    world.renew(subscriptionId);
    await sync();

    expect(new Set(statuses)).toEqual(new Set([200]));
    const balance = await expectLedgerMatchesBalance(ctx.db, user.id);
    const profile = await findProfile(ctx.db, user.id);
    const ledger = await listLedgerEntries(ctx.db, user.id, { limit: 200 });
    const total = (kind: string) => ledger.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.delta, 0);
    return {
      balance,
      profile: {
        plan: profile?.subscriptionPlan,
        status: profile?.subscriptionStatus,
        monthly: profile?.monthlyCredits,
        used: profile?.creditsUsed,
        bonus: profile?.bonusCredits,
        frozen: profile?.allowanceFrozenBy,
      },
      spent: total("spend"),
      bought: total("purchase"),
      reversed: ledger.filter((e) => e.kind === "reversal").reduce((sum, e) => sum + e.unrecovered - e.delta, 0),
      months: ledger.filter((e) => e.causeKey.startsWith("allowance:")).length,
      purchases: (await ctx.db.select().from(purchases)).map((p) => `${p.kind} ${p.status} ${p.refundedMinor} ${p.disputeStatus ?? "-"}`).sort(),
    };
  }

  it("late, repeated and reordered deliveries end where in-order delivery ends", async () => {
    const inOrder = await play(undefined);
    expect(inOrder).toEqual({
      balance: 0,
      profile: { plan: "pro", status: "canceled", monthly: 0, used: 30, bonus: 0, frozen: null },
      // 300, then 55 (the rest of the first month, spent while the renewal was unpaid), 20 and 10.
      spent: -385,
      bought: 200,
      reversed: 100,
      months: 2,
      purchases: ["cash_pack paid 0 -", "subscription paid 0 -", "top_up paid 2450 won"],
    });
    const parallel = ctx.kind === "postgres" ? 4 : 1;
    for (const seed of [7, 42, 2026]) {
      const replayed = await play({ random: seededRandom(seed), late: 0.4, twice: 0.3, parallel });
      expect(replayed, `seed ${seed}`).toEqual(inOrder);
    }
  });
});
