import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { spendCredits } from "@/lib/credits/ledger";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import { expectLedgerMatchesBalance, stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 15, stories 1 and 2, through the real checkout and webhook with the Stripe stand-in:
 * what was used in a month of a plan survives every plan change and payment problem in it.
 */
describeEachDatabase("plan changes and payment problems", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };
  let spends = 0;

  stripeJourneyHooks(ctx, () => new Date("2026-03-10T12:00:00Z"), (state) => ({ fake, journey, user } = state));
  beforeEach(async () => {
    // Without the welcome credits every number below is the plan's own.
    await spend(5);
  });

  const spend = (amount: number) => spendCredits(ctx.db, { userId: user.id, amount, causeKey: `test:spend:${(spends += 1)}` });
  const balance = () => readAvailableCredits(ctx.db, user.id);
  async function changePlan(subscriptionId: string, priceId: string) {
    fake.world.advanceDays(1);
    fake.world.changePrice(subscriptionId, priceId);
    await journey.deliverAll();
  }

  it("down to Starter and back up to Pro gives no spent credits back, however often", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(150);
    expect(await balance()).toBe(0);
    for (let round = 0; round < 3; round += 1) {
      await changePlan(subscriptionId, "price_starter_monthly");
      expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "starter", monthlyCredits: 25, creditsUsed: 150 });
      expect(await balance()).toBe(0);
      await changePlan(subscriptionId, "price_pro_monthly");
      expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "pro", monthlyCredits: 150, creditsUsed: 150 });
      expect(await balance()).toBe(0);
    }
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("an upgrade adds the difference in allowance; a downgrade takes away only what is unused", async () => {
    const subscriptionId = await journey.subscribe(user, "starter");
    await spend(10);
    expect(await balance()).toBe(15);
    await changePlan(subscriptionId, "price_pro_monthly");
    expect(await balance()).toBe(140);
    await spend(40);
    await changePlan(subscriptionId, "price_starter_monthly");
    expect(await balance()).toBe(0);
    await changePlan(subscriptionId, "price_advanced_monthly");
    expect(await balance()).toBe(250);
    const rows = (await listLedgerEntries(ctx.db, user.id, { limit: 20 })).reverse().map((e) => [e.kind, e.delta]);
    expect(rows).toEqual([
      ["grant", 5],
      ["spend", -5],
      ["subscription_allowance", 25],
      ["spend", -10],
      ["subscription_allowance", 125],
      ["spend", -40],
      ["expiry", -100],
      ["subscription_allowance", 250],
    ]);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("the next paid month after a downgrade starts with the smaller plan, fresh", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(100);
    await changePlan(subscriptionId, "price_starter_monthly");
    expect(await balance()).toBe(0);
    fake.world.setClock(fake.world.periodOf(subscriptionId).end);
    fake.world.renew(subscriptionId);
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ monthlyCredits: 25, creditsUsed: 0 });
    expect(await balance()).toBe(25);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("switching monthly to yearly mid-month moves the period but keeps what was used this month", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(120);
    fake.world.advanceDays(9);
    fake.world.changePrice(subscriptionId, "price_pro_yearly");
    await journey.deliverAll();
    const switched = fake.world.periodOf(subscriptionId).start;
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPeriod: "yearly", creditsUsed: 120, creditsPeriodStart: switched });
    expect(await balance()).toBe(30);
    // The yearly plan's next month starts a month after the switch, once.
    expect(await refreshDueAllowances(ctx.db, new Date(switched.getTime() + 20 * 86_400_000))).toEqual({ refreshed: 0 });
    const nextMonth = new Date(Date.UTC(2026, 3, 19, 12));
    expect(await refreshDueAllowances(ctx.db, nextMonth)).toEqual({ refreshed: 1 });
    expect(await refreshDueAllowances(ctx.db, nextMonth)).toEqual({ refreshed: 0 });
    expect(await balance()).toBe(150);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a renewal whose payment fails, then succeeds on retry, grants the new month once, when paid", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(50);
    fake.world.setClock(fake.world.periodOf(subscriptionId).end);
    // Stripe opens the new period with an unpaid invoice: the new month is not granted yet.
    fake.world.startRenewal(subscriptionId);
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "active", creditsUsed: 50 });
    await spend(100);
    expect(await balance()).toBe(0);
    fake.world.collect(subscriptionId, { pays: false });
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "past_due", monthlyCredits: 0, creditsUsed: 150 });
    expect(await balance()).toBe(0);
    fake.world.advanceDays(3);
    fake.world.retryPayment(subscriptionId, { pays: true });
    await journey.deliverAll();
    // The retry paid for the new month: its allowance starts, once.
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "active", monthlyCredits: 150, creditsUsed: 0 });
    expect(await balance()).toBe(150);
    const allowances = (await listLedgerEntries(ctx.db, user.id, { limit: 50 })).filter((e) => e.causeKey.startsWith("allowance:"));
    expect(allowances).toHaveLength(2);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("a payment problem and its recovery within a paid month restore access, not spent credits", async () => {
    const subscriptionId = await journey.subscribe(user, "pro");
    await spend(150);
    const subscription = fake.world.retrieveSubscription(subscriptionId);
    // The bank flags the card: Stripe marks the subscription past due, then the retry succeeds.
    subscription.status = "past_due";
    fake.world.emit("customer.subscription.updated", subscription);
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ monthlyCredits: 0, creditsUsed: 150 });
    subscription.status = "active";
    fake.world.emit("customer.subscription.updated", subscription);
    await journey.deliverAll();
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "active", monthlyCredits: 150, creditsUsed: 150 });
    expect(await balance()).toBe(0);
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });
});
