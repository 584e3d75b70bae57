import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { ensureProfile, spendCredits } from "@/lib/credits/ledger";
import { applySubscriptionSnapshot, type SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { createUser, setCredits } from "@/tests/helpers/factories";
import { describeEachDatabase, describeOnPostgres, truncateAllTables } from "@/tests/helpers/test-db";
import type { DbOrTx } from "@/db/client";

const utc = (iso: string) => new Date(`${iso}Z`);

function snapshot(overrides: Partial<SubscriptionSnapshot>): SubscriptionSnapshot {
  return {
    subscriptionId: "sub_yearly",
    customerId: "cus_1",
    planId: "starter",
    billingCycle: "yearly",
    status: "active",
    currentPeriodStart: utc("2026-01-31T10:00:00"),
    currentPeriodEnd: utc("2027-01-31T10:00:00"),
    cancelAtPeriodEnd: false,
    endedAt: null,
    periodPaid: true,
    observedAt: utc("2026-01-31T10:00:00"),
    ...overrides,
  };
}

async function subscribedUser(db: DbOrTx, plan: Partial<SubscriptionSnapshot>, startedAt: Date): Promise<string> {
  const { id } = await createUser(db);
  await ensureProfile(db, id);
  await setCredits(db, id, { bonusCredits: 0 });
  const ids = { subscriptionId: `sub_${id}`, customerId: `cus_${id}` };
  await applySubscriptionSnapshot(db, { userId: id, snapshot: snapshot({ ...ids, ...plan }), causeKey: `test:start:${id}`, now: startedAt });
  return id;
}

describeEachDatabase("monthly allowance refresh", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
  });

  it("gives a yearly plan its credits back at the start of each month of the plan, once", async () => {
    const userId = await subscribedUser(ctx.db, {}, utc("2026-02-01T00:00:00"));
    await spendCredits(ctx.db, { userId, amount: 20, causeKey: "test:spend" });
    expect(await refreshDueAllowances(ctx.db, utc("2026-02-28T09:59:00"))).toEqual({ refreshed: 0 });
    expect(await refreshDueAllowances(ctx.db, utc("2026-03-01T00:00:00"))).toEqual({ refreshed: 1 });
    expect(await refreshDueAllowances(ctx.db, utc("2026-03-02T00:00:00"))).toEqual({ refreshed: 0 });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ creditsUsed: 0, monthlyCredits: 25, creditsPeriodStart: utc("2026-02-28T10:00:00") });
    const [latest] = await listLedgerEntries(ctx.db, userId, { limit: 1 });
    expect(latest).toMatchObject({ kind: "subscription_allowance", delta: 20, monthlyDelta: 20, balanceAfter: 25 });
  });

  it("leaves the month that opens a new billing period to the paid renewal", async () => {
    const userId = await subscribedUser(ctx.db, {}, utc("2026-12-31T11:00:00"));
    await spendCredits(ctx.db, { userId, amount: 5, causeKey: "test:spend" });
    expect(await refreshDueAllowances(ctx.db, utc("2027-02-01T00:00:00"))).toEqual({ refreshed: 0 });
    expect((await findProfile(ctx.db, userId))?.creditsUsed).toBe(5);
  });

  it("does not reset a monthly Stripe plan, whose months are its billing periods", async () => {
    const userId = await subscribedUser(
      ctx.db,
      { billingCycle: "monthly", currentPeriodEnd: utc("2026-02-28T10:00:00") },
      utc("2026-02-01T00:00:00"),
    );
    await spendCredits(ctx.db, { userId, amount: 3, causeKey: "test:spend" });
    expect(await refreshDueAllowances(ctx.db, utc("2026-03-01T00:00:00"))).toEqual({ refreshed: 0 });
  });

  it("keeps renewing a test-checkout plan, catching up missed months in one step", async () => {
    const userId = await subscribedUser(
      ctx.db,
      { subscriptionId: "test_1", billingCycle: "monthly", currentPeriodEnd: null },
      utc("2026-01-31T10:00:00"),
    );
    await spendCredits(ctx.db, { userId, amount: 25, causeKey: "test:spend" });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(0);
    expect(await refreshDueAllowances(ctx.db, utc("2026-05-15T00:00:00"))).toEqual({ refreshed: 1 });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ creditsUsed: 0, creditsPeriodStart: utc("2026-04-30T10:00:00") });
  });

  it("skips plans that are no longer active", async () => {
    const userId = await subscribedUser(ctx.db, { status: "canceled" }, utc("2026-02-01T00:00:00"));
    expect(await refreshDueAllowances(ctx.db, utc("2026-06-01T00:00:00"))).toEqual({ refreshed: 0 });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ monthlyCredits: 0, creditsUsed: 0 });
  });
});

// Several servers run the refresh at once; only a real server runs their transactions concurrently.
describeOnPostgres("monthly allowance refresh from several servers at once", (ctx) => {
  it("applies each month once", async () => {
    const users = await Promise.all(
      Array.from({ length: 4 }, () => subscribedUser(ctx.db, {}, utc("2026-02-01T00:00:00"))),
    );
    for (const userId of users) await spendCredits(ctx.db, { userId, amount: 10, causeKey: `spend:${userId}` });
    const runs = await Promise.all(Array.from({ length: 5 }, () => refreshDueAllowances(ctx.db, utc("2026-03-05T00:00:00"))));
    expect(runs.reduce((sum, run) => sum + run.refreshed, 0)).toBe(users.length);
    for (const userId of users) {
      expect(await readAvailableCredits(ctx.db, userId)).toBe(25);
      const allowances = (await listLedgerEntries(ctx.db, userId, { limit: 10 })).filter((e) => e.delta === 10);
      expect(allowances).toHaveLength(1);
    }
  });
});
