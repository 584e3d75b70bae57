import type { DbOrTx } from "@/db/client";
import type { Profile, SubscriptionStatus } from "@/db/schema";
import { updateProfileSubscription, type ProfileSubscriptionFields } from "@/db/queries/billing";
import { findLedgerEntryByCause, insertLedgerEntry, lockProfile } from "@/db/queries/credits";
import { findPlan, type BillingCycle, type PlanId } from "@/lib/billing/catalog";
import { availableCredits } from "./balance";
import { MissingProfileError } from "./errors";
import { causeKeys } from "./ledger";
import { currentMonthStart } from "./plan-months";

/**
 * The monthly allowance of a plan (decision 6), written like every balance change: in one
 * transaction that locks the profile and records a ledger row under a unique cause key.
 *
 * A subscription is applied as a snapshot of its whole current state, not as a list of
 * changes, so events that arrive late, twice or out of order converge on the same result.
 */

export interface SubscriptionSnapshot {
  /** The provider's id: Stripe's sub_..., or test_<purchaseId> from the built-in test checkout. */
  subscriptionId: string;
  customerId: string | null;
  planId: PlanId;
  billingCycle: BillingCycle;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  /** Null for test-checkout plans, which have no billing periods and renew month after month. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

const allowanceStatuses: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing"]);

/** Only an active (or trialing) subscription carries monthly credits and allows top-ups. */
export function grantsAllowance(status: SubscriptionStatus): boolean {
  return allowanceStatuses.has(status);
}

/** The month that opens a new billing period is reset by the paid renewal, not by the clock. */
const renewalMargin = 24 * 60 * 60 * 1000;

interface CreditTarget {
  monthlyCredits: number;
  creditsUsed: number;
  creditsPeriodStart: Date | null;
  /** Set when this change is the reset at the start of a month of the plan. */
  monthResetKey?: string;
}

async function creditTarget(
  tx: DbOrTx,
  profile: Profile,
  snapshot: SubscriptionSnapshot,
  now: Date,
): Promise<CreditTarget> {
  if (!grantsAllowance(snapshot.status)) {
    // Ended or unpaid: no allowance, and credits_used must fall with it (credits_used <= monthly).
    return { monthlyCredits: 0, creditsUsed: 0, creditsPeriodStart: null };
  }
  const monthlyCredits = findPlan(snapshot.planId)?.creditsPerMonth ?? 0;
  const at = now > snapshot.currentPeriodStart ? now : snapshot.currentPeriodStart;
  const monthStart = currentMonthStart(snapshot.currentPeriodStart, at);
  const sameSubscription = profile.stripeSubscriptionId === snapshot.subscriptionId;
  const sameMonth = sameSubscription && profile.creditsPeriodStart?.getTime() === monthStart.getTime();
  const monthResetKey = causeKeys.subscriptionMonth(profile.userId, monthStart);
  if (!sameMonth && !(await findLedgerEntryByCause(tx, profile.userId, monthResetKey))) {
    return { monthlyCredits, creditsUsed: 0, creditsPeriodStart: monthStart, monthResetKey };
  }
  // Same month (a plan change, a cancellation notice, a payment recovered): keep what was used.
  return { monthlyCredits, creditsUsed: Math.min(profile.creditsUsed, monthlyCredits), creditsPeriodStart: monthStart };
}

function subscriptionFields(snapshot: SubscriptionSnapshot): ProfileSubscriptionFields {
  return {
    subscriptionPlan: snapshot.planId,
    subscriptionPeriod: snapshot.billingCycle,
    subscriptionStatus: snapshot.status,
    subscriptionStartDate: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    subscriptionEndDate: snapshot.endedAt ?? (snapshot.cancelAtPeriodEnd ? snapshot.currentPeriodEnd : null),
    stripeSubscriptionId: snapshot.subscriptionId,
  };
}

/**
 * Brings the profile in line with a subscription's state: plan, status and period, and the
 * allowance (set from the plan; credits_used reset at the start of each month of the plan;
 * zero once the subscription is no longer active). `causeKey` names the event or purchase
 * that brought the snapshot; a month reset is keyed by the month itself instead, so the
 * renewal webhook and the scheduled refresh never reset the same month twice.
 */
export async function applySubscriptionSnapshot(
  db: DbOrTx,
  params: { userId: string; snapshot: SubscriptionSnapshot; causeKey: string; now: Date },
): Promise<{ applied: boolean }> {
  const { userId, snapshot, causeKey, now } = params;
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, userId);
    if (!profile) throw new MissingProfileError(userId);
    // A late event of an older subscription must not end the one the user has now.
    const otherSubscription = profile.stripeSubscriptionId !== null && profile.stripeSubscriptionId !== snapshot.subscriptionId;
    if (otherSubscription && !grantsAllowance(snapshot.status)) return { applied: false };

    const target = await creditTarget(tx, profile, snapshot, now);
    const entryKey = target.monthResetKey ?? causeKey;
    const creditsChanged =
      target.monthlyCredits !== profile.monthlyCredits || target.creditsUsed !== profile.creditsUsed;
    const writesLedger = creditsChanged || target.monthResetKey !== undefined;
    if (writesLedger && (await findLedgerEntryByCause(tx, userId, entryKey))) return { applied: false };

    await updateProfileSubscription(tx, userId, {
      ...subscriptionFields(snapshot),
      stripeCustomerId: profile.stripeCustomerId ?? snapshot.customerId,
      monthlyCredits: target.monthlyCredits,
      creditsUsed: target.creditsUsed,
      creditsPeriodStart: target.creditsPeriodStart,
    });
    if (writesLedger) {
      const before = availableCredits(profile);
      const after = availableCredits({ ...profile, ...target });
      await insertLedgerEntry(tx, {
        userId,
        kind: grantsAllowance(snapshot.status) ? "subscription_allowance" : "expiry",
        delta: after - before,
        monthlyDelta: after - before,
        balanceAfter: after,
        causeKey: entryKey,
      });
    }
    return { applied: true };
  });
}

/**
 * The scheduled refresh: starts the next month of an active plan once it has begun, within
 * the paid period (yearly plans, and test-checkout plans that have no periods). Safe to run
 * from every server at once: the row lock and the month's cause key let one of them apply it.
 */
export async function refreshMonthlyAllowance(db: DbOrTx, userId: string, now: Date): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, userId);
    if (!profile || !grantsAllowance(profile.subscriptionStatus)) return { applied: false };
    const { subscriptionStartDate: periodStart, creditsPeriodStart, currentPeriodEnd } = profile;
    if (!periodStart || !creditsPeriodStart) return { applied: false };
    const monthStart = currentMonthStart(periodStart, now);
    if (monthStart <= creditsPeriodStart) return { applied: false };
    if (currentPeriodEnd && monthStart.getTime() >= currentPeriodEnd.getTime() - renewalMargin) return { applied: false };
    const monthResetKey = causeKeys.subscriptionMonth(userId, monthStart);
    if (await findLedgerEntryByCause(tx, userId, monthResetKey)) return { applied: false };

    await updateProfileSubscription(tx, userId, { creditsUsed: 0, creditsPeriodStart: monthStart });
    await insertLedgerEntry(tx, {
      userId,
      kind: "subscription_allowance",
      delta: profile.creditsUsed,
      monthlyDelta: profile.creditsUsed,
      balanceAfter: availableCredits(profile) + profile.creditsUsed,
      causeKey: monthResetKey,
    });
    return { applied: true };
  });
}
