import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { startCheckout } from "@/lib/billing/checkout";
import { loadTestPortal, updateTestPlan } from "@/lib/billing/test-portal";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { ensureProfile, spendCredits } from "@/lib/credits/ledger";
import { startFakeStripe } from "@/tests/fakes/stripe-server";
import { stripeModeContext, testModeContext } from "@/tests/helpers/billing";
import { createUser } from "@/tests/helpers/factories";
import { expectLedgerMatchesBalance } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 15, story 8: the built-in portal of test mode changes, cancels and resumes a plan bought
 * in the test checkout through the same snapshot code as Stripe's events.
 */
describeEachDatabase("the built-in subscription portal of test mode", (ctx) => {
  let now: Date;
  const billing = () => testModeContext(ctx.db, () => now);
  let user: { id: string; email: string };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    now = new Date("2026-07-10T09:00:00Z");
    user = await createUser(ctx.db);
    await ensureProfile(ctx.db, user.id);
  });

  async function subscribe(planId: "starter" | "pro" | "advanced") {
    const { purchaseId } = await startCheckout(billing(), user, { kind: "subscription", planId, billingCycle: "monthly" }, { locale: "en" });
    await payTestCheckout(billing(), user.id, purchaseId ?? "");
  }
  const balance = () => readAvailableCredits(ctx.db, user.id);

  it("changes plan and billing cycle as Stripe's events would: spent credits stay spent", async () => {
    await subscribe("pro");
    await spendCredits(ctx.db, { userId: user.id, amount: 100, causeKey: "test:spend" });
    expect(await balance()).toBe(55);
    now = new Date("2026-07-12T09:00:00Z");
    await updateTestPlan(billing(), user.id, { action: "change", planId: "starter", billingCycle: "monthly" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "starter", monthlyCredits: 25, creditsUsed: 95 });
    expect(await balance()).toBe(0);
    await updateTestPlan(billing(), user.id, { action: "change", planId: "pro", billingCycle: "yearly" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionPlan: "pro", subscriptionPeriod: "yearly", creditsUsed: 95 });
    expect(await balance()).toBe(55);
    await expect(updateTestPlan(billing(), user.id, { action: "change", planId: "pro", billingCycle: "yearly" })).rejects.toMatchObject({ code: "alreadyOnPlan" });
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("cancels at the end of the term, resumes, and ends the plan when the term is over", async () => {
    await subscribe("advanced");
    now = new Date("2026-07-20T09:00:00Z");
    await updateTestPlan(billing(), user.id, { action: "cancel" });
    const termEnd = new Date("2026-08-10T09:00:00Z");
    expect(await loadTestPortal(billing(), user.id)).toEqual({ planId: "advanced", billingCycle: "monthly", cancelAtPeriodEnd: true, termEnd });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ cancelAtPeriodEnd: true, subscriptionEndDate: termEnd, monthlyCredits: 300 });
    await updateTestPlan(billing(), user.id, { action: "resume" });
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ cancelAtPeriodEnd: false, subscriptionEndDate: null, currentPeriodEnd: null });
    await updateTestPlan(billing(), user.id, { action: "cancel" });
    // The scheduled refresh ends it once the term is over, as Stripe would.
    await refreshDueAllowances(ctx.db, new Date("2026-08-10T08:59:00Z"));
    expect((await findProfile(ctx.db, user.id))?.subscriptionStatus).toBe("active");
    await refreshDueAllowances(ctx.db, new Date("2026-08-10T09:01:00Z"));
    expect(await findProfile(ctx.db, user.id)).toMatchObject({ subscriptionStatus: "canceled", monthlyCredits: 0 });
    expect(await balance()).toBe(5);
    expect((await listLedgerEntries(ctx.db, user.id, { limit: 1 }))[0]).toMatchObject({ kind: "expiry", delta: -300 });
    expect(await loadTestPortal(billing(), user.id)).toBeUndefined();
    await expect(updateTestPlan(billing(), user.id, { action: "resume" })).rejects.toMatchObject({ code: "portalUnavailable" });
    await expectLedgerMatchesBalance(ctx.db, user.id);
  });

  it("is there only in test mode, and only for the user's own test plan", async () => {
    await expect(updateTestPlan(billing(), user.id, { action: "cancel" })).rejects.toMatchObject({ code: "portalUnavailable" });
    await subscribe("starter");
    const fake = await startFakeStripe();
    try {
      await expect(updateTestPlan(stripeModeContext(ctx.db, fake), user.id, { action: "cancel" })).rejects.toMatchObject({ code: "portalUnavailable" });
    } finally {
      await fake.close();
    }
    const other = await createUser(ctx.db);
    await ensureProfile(ctx.db, other.id);
    await expect(updateTestPlan(billing(), other.id, { action: "cancel" })).rejects.toMatchObject({ code: "portalUnavailable" });
    expect((await findProfile(ctx.db, user.id))?.cancelAtPeriodEnd).toBe(false);
  });
});
