import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import type { Profile } from "@/db/schema";
import { listTestPlansDueToEnd } from "@/db/queries/billing";
import { addMonthsClamped } from "@/lib/credits/plan-months";
import { applySubscriptionSnapshot, isTestPlanId, type SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";

/**
 * Plans bought in the test checkout (decision 8) have no billing periods of their own: they
 * renew month after month (a yearly one, year after year) from the moment they were paid. They
 * change through the same snapshot code as Stripe's events. No "server-only": the scheduled
 * refresh (`npm run billing:refresh`) ends those whose cancellation has come due.
 */

/** The end of the term paid for: the next month (or year) boundary after `now`, counted from the start. */
export function testTermEnd(start: Date, yearly: boolean, now: Date): Date {
  const step = yearly ? 12 : 1;
  for (let term = 1; ; term += 1) {
    const end = addMonthsClamped(start, term * step);
    if (end > now) return end;
  }
}

/** The test plan as it stands, for a change to start from; undefined when the profile has none. */
export function testPlanSnapshot(profile: Profile, now: Date): SubscriptionSnapshot | undefined {
  const { stripeSubscriptionId, subscriptionPlan, subscriptionPeriod, subscriptionStartDate } = profile;
  if (!isTestPlanId(stripeSubscriptionId) || !stripeSubscriptionId || !subscriptionPlan || !subscriptionPeriod || !subscriptionStartDate) return undefined;
  return {
    subscriptionId: stripeSubscriptionId,
    customerId: null,
    planId: subscriptionPlan,
    billingCycle: subscriptionPeriod,
    status: profile.subscriptionStatus,
    currentPeriodStart: subscriptionStartDate,
    // Only a plan set to end shows a date: the end of its term.
    currentPeriodEnd: profile.cancelAtPeriodEnd ? profile.currentPeriodEnd : null,
    cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
    endedAt: null,
    periodPaid: true,
    observedAt: now,
  };
}

export async function applyTestPlan(db: DbOrTx, userId: string, snapshot: SubscriptionSnapshot, now: Date): Promise<void> {
  await applySubscriptionSnapshot(db, { userId, snapshot, causeKey: `test-plan:${snapshot.subscriptionId}:${randomUUID()}`, now });
}

/** Ends the test plans whose cancellation has come due, as Stripe ends a subscription at its period's end. */
export async function endDueTestPlans(db: DbOrTx, now: Date): Promise<number> {
  let ended = 0;
  for (const profile of await listTestPlansDueToEnd(db, now)) {
    const current = testPlanSnapshot(profile, now);
    if (!current) continue;
    await applyTestPlan(db, profile.userId, { ...current, status: "canceled", endedAt: current.currentPeriodEnd }, now);
    ended += 1;
  }
  return ended;
}
