import "server-only";
import { findProfile } from "@/db/queries/credits";
import type { BillingCycle, PlanId } from "./catalog";
import type { BillingContext } from "./context";
import { BillingError } from "./errors";
import { liveSubscriptionProvider } from "./live-subscription";
import { applyTestPlan, testPlanSnapshot, testTermEnd } from "./test-plans";

/**
 * The built-in subscription portal of test mode (issue 15 story 8): what Stripe's Customer
 * Portal does for a Stripe plan, for a plan bought in the test checkout. Each change is applied
 * through the same snapshot code as Stripe's events: an upgrade adds the difference in
 * allowance at once, a downgrade keeps what was used, cancelling keeps the plan to the end of
 * its term, resuming undoes that. No money moves in test mode.
 */

export type TestPlanChange =
  | { action: "change"; planId: PlanId; billingCycle: BillingCycle }
  | { action: "cancel" }
  | { action: "resume" };

export async function updateTestPlan(ctx: BillingContext, userId: string, change: TestPlanChange): Promise<void> {
  const profile = await findProfile(ctx.db, userId);
  const now = ctx.now();
  const current = profile && liveSubscriptionProvider(profile) === "test" ? testPlanSnapshot(profile, now) : undefined;
  if (ctx.payments.mode !== "test" || !current) throw new BillingError("portalUnavailable");
  switch (change.action) {
    case "change":
      if (change.planId === current.planId && change.billingCycle === current.billingCycle) throw new BillingError("alreadyOnPlan");
      return applyTestPlan(ctx.db, userId, { ...current, planId: change.planId, billingCycle: change.billingCycle }, now);
    case "cancel": {
      const end = testTermEnd(current.currentPeriodStart, current.billingCycle === "yearly", now);
      return applyTestPlan(ctx.db, userId, { ...current, cancelAtPeriodEnd: true, currentPeriodEnd: end }, now);
    }
    case "resume":
      return applyTestPlan(ctx.db, userId, { ...current, cancelAtPeriodEnd: false, currentPeriodEnd: null }, now);
  }
}

/** What the built-in portal shows: the test plan and the end of its current term; undefined without one. */
export async function loadTestPortal(
  ctx: BillingContext,
  userId: string,
): Promise<{ planId: PlanId; billingCycle: BillingCycle; cancelAtPeriodEnd: boolean; termEnd: Date } | undefined> {
  const profile = await findProfile(ctx.db, userId);
  const now = ctx.now();
  const current = profile && ctx.payments.mode === "test" && liveSubscriptionProvider(profile) === "test" ? testPlanSnapshot(profile, now) : undefined;
  if (!current) return undefined;
  const termEnd = current.currentPeriodEnd ?? testTermEnd(current.currentPeriodStart, current.billingCycle === "yearly", now);
  return { planId: current.planId, billingCycle: current.billingCycle, cancelAtPeriodEnd: current.cancelAtPeriodEnd, termEnd };
}
