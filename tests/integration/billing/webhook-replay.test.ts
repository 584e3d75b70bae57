import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { findProfile, listLedgerEntries } from "@/db/queries/credits";
import { purchases, stripeEvents, users } from "@/db/schema";
import type { BillingContext } from "@/lib/billing/context";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import { ensureProfile } from "@/lib/credits/ledger";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import {
  checkoutSessionObject,
  pendingPurchase,
  signedWebhook,
  stripeEvent,
  stripeModeContext,
  stripeSubscription,
} from "@/tests/helpers/billing";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Stripe may deliver events late, twice or out of order. The same events, each delivered three
 * times in three different shuffled orders, must leave identical balances, ledgers and purchases.
 */

const userId = "replay-user";
const ids = {
  subscription: "00000000-0000-4000-8000-000000000001",
  topUp: "00000000-0000-4000-8000-000000000002",
  cashPack: "00000000-0000-4000-8000-000000000003",
};
const period1 = { start: new Date("2026-01-05T09:00:00Z"), end: new Date("2026-02-05T09:00:00Z") };
const period2 = { start: period1.end, end: new Date("2026-03-05T09:00:00Z") };
const now = new Date("2026-02-06T10:00:00Z");
const metadata = { userId, planId: "pro" };

/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describeEachDatabase("Stripe webhook replays", (ctx) => {
  let fake: FakeStripe;
  let billing: BillingContext;

  beforeAll(async () => {
    fake = await startFakeStripe();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    billing = stripeModeContext(ctx.db, fake, { now: () => now });
    // What Stripe has now: renewed into period 2 and set to cancel at its end.
    fake.subscriptions.set(
      "sub_replay",
      stripeSubscription({ id: "sub_replay", customer: "cus_replay", periodStart: period2.start, periodEnd: period2.end, cancelAtPeriodEnd: true, metadata }),
    );
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await fake.close();
  });

  async function arrange() {
    await truncateAllTables(ctx.db);
    await ctx.db.insert(users).values({ id: userId, email: "replay@example.test" });
    await ensureProfile(ctx.db, userId);
    const subscription = await pendingPurchase(ctx.db, { id: ids.subscription, userId, kind: "subscription", itemId: "pro_monthly", amountMinor: 4999 });
    const topUp = await pendingPurchase(ctx.db, { id: ids.topUp, userId, kind: "top_up", itemId: "top_up_200", amountMinor: 4900, credits: 200 });
    const cashPack = await pendingPurchase(ctx.db, { id: ids.cashPack, userId, kind: "cash_pack", itemId: "10_headshots", amountMinor: 999 });
    const inPeriod1 = stripeSubscription({ id: "sub_replay", customer: "cus_replay", periodStart: period1.start, periodEnd: period1.end, metadata });
    const invoice = (id: string) => ({ id, object: "invoice", customer: "cus_replay", parent: { subscription_details: { subscription: "sub_replay" } } });
    return [
      stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_sub", purchase: subscription, mode: "subscription", subscription: "sub_replay", customer: "cus_replay" }), "evt_1"),
      stripeEvent("customer.subscription.created", inPeriod1, "evt_2"),
      stripeEvent("invoice.paid", invoice("in_1"), "evt_3"),
      stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_top", purchase: topUp }), "evt_4"),
      stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_pack", purchase: cashPack }), "evt_5"),
      stripeEvent("invoice.paid", invoice("in_2"), "evt_6"),
      stripeEvent("customer.subscription.updated", { ...inPeriod1, cancel_at_period_end: true }, "evt_7"),
      stripeEvent("customer.created", { id: "cus_replay", object: "customer" }, "evt_8"),
    ];
  }

  async function outcome() {
    const profile = await findProfile(ctx.db, userId);
    const ledger = (await listLedgerEntries(ctx.db, userId, { limit: 50 }))
      .map((e) => `${e.kind} ${e.delta} ${e.causeKey} ${e.purchaseId ?? ""}`)
      .sort();
    const purchaseRows = (await ctx.db.select().from(purchases)).map((p) => `${p.id} ${p.status}`).sort();
    const events = (await ctx.db.select().from(stripeEvents)).length;
    return { profile: { ...profile, createdAt: undefined, updatedAt: undefined }, ledger, purchaseRows, events };
  }

  it("three shuffled triple deliveries give identical balances, ledgers and purchases", async () => {
    const outcomes = [];
    for (const seed of [7, 42, 2026]) {
      const events = await arrange();
      const deliveries = shuffled([...events, ...events, ...events], seed);
      const statuses = [];
      if (ctx.kind === "postgres") {
        // Duplicates racing each other on a real server.
        for (let i = 0; i < deliveries.length; i += 4) {
          const batch = deliveries.slice(i, i + 4).map((event) => handleStripeWebhook(billing, signedWebhook(event)));
          statuses.push(...(await Promise.all(batch)).map((r) => r.status));
        }
      } else {
        for (const event of deliveries) statuses.push((await handleStripeWebhook(billing, signedWebhook(event))).status);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      outcomes.push(await outcome());
    }
    const [first, ...rest] = outcomes;
    for (const other of rest) expect(other).toEqual(first);
    expect(first?.profile).toMatchObject({
      subscriptionPlan: "pro",
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
      monthlyCredits: 150,
      creditsUsed: 0,
      bonusCredits: 205,
      creditsPeriodStart: period2.start,
      currentPeriodEnd: period2.end,
    });
    expect(first?.ledger).toEqual(
      [
        `grant 5 signup:${userId} `,
        `purchase 200 purchase:${ids.topUp} ${ids.topUp}`,
        `subscription_allowance 150 allowance:sub_replay:${Math.floor(period2.start.getTime() / 1000)} `,
      ].sort(),
    );
    expect(first?.purchaseRows).toEqual([`${ids.subscription} paid`, `${ids.topUp} paid`, `${ids.cashPack} paid`].sort());
    expect(first?.events).toBe(7);
  });
});
