import type { DbOrTx } from "@/db/client";
import type { Profile, SubscriptionStatus } from "@/db/schema";
import { updateProfileSubscription, type ProfileSubscriptionFields } from "@/db/queries/billing";
import { findLedgerEntryByCause, insertLedgerEntry, lockProfile } from "@/db/queries/credits";
import { causeKeys } from "@/db/queries/ledger-keys";
import type { PlanId } from "@/lib/catalog/plan-features";
import { monthlyCreditsOfPlan, type BillingCycle } from "@/lib/catalog/plan-terms";
import { availableCredits } from "./balance";
import { MissingProfileError } from "./errors";
import { addMonthsClamped, currentMonthStart } from "./plan-months";

/**
 * The monthly allowance of a plan (decision 6), written like every balance change: in one
 * transaction that locks the profile and records a ledger row under a unique cause key.
 *
 * A subscription is applied as a snapshot of its whole current state, not as a list of
 * changes, so events that arrive late, twice or out of order converge on the same result.
 *
 * The rules (README "Credits and money"):
 * - monthly_credits is the current plan's allowance while the subscription is active (or
 *   trialing) and not frozen by a dispute, else 0; credits_used is what was used in the
 *   current month of the plan and only a new, paid month resets it.
 * - A plan change, a cancellation notice, a failed or recovered payment keep credits_used, so
 *   an upgrade adds the difference in allowance, a downgrade never gives spent credits back,
 *   and a recovered payment restores access, not spent credits.
 * - A new month starts when the subscription's month start is a whole month after the stored
 *   one, the subscription grants credits and the month is paid for (a renewal's invoice may
 *   still be open); each month start has one ledger key, so no month is granted twice. A billing period moved within a month (monthly to yearly) is not a new month.
 * - A new subscription after the previous one has ended starts a fresh month; a second one
 *   while the first still holds the customer is never applied (the webhook cancels and refunds it).
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
  /** The current billing period's invoice is paid (a renewal opens the period before it collects). */
  periodPaid: boolean;
  /** When this state was read from its source: a state read earlier never overwrites it. */
  observedAt: Date;
}

const allowanceStatuses: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing"]);
/** Statuses in which a subscription still holds its customer (paid, or being paid). */
const holdingStatuses: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due", "unpaid", "paused"]);

/** Only an active (or trialing) subscription carries monthly credits and allows top-ups. */
export function grantsAllowance(status: SubscriptionStatus): boolean {
  return allowanceStatuses.has(status);
}

/** The subscription is paid or still being paid for: another one for the same customer is a duplicate. */
export function holdsCustomer(status: SubscriptionStatus): boolean {
  return holdingStatuses.has(status);
}

/** Months of the plan differ by a day or so (28-31 days, and Stripe's own clock): allow one day. */
const monthMargin = 24 * 60 * 60 * 1000;

/** Plans bought in the built-in test checkout (decision 8) have ids `test_<purchase id>`. */
export function isTestPlanId(subscriptionId: string | null): boolean {
  return subscriptionId?.startsWith("test_") ?? false;
}

/** `monthStart` begins a month after `stored` rather than being `stored` moved within its month. */
function isNextMonth(stored: Date, monthStart: Date): boolean {
  return monthStart.getTime() >= addMonthsClamped(stored, 1).getTime() - monthMargin;
}

function planAllowance(planId: PlanId | null): number {
  return planId ? monthlyCreditsOfPlan[planId] : 0;
}

interface CreditTarget {
  monthlyCredits: number;
  creditsUsed: number;
  creditsPeriodStart: Date | null;
  /** Set when this change starts a new month of the plan: the ledger row is keyed by the month. */
  monthResetKey?: string;
}

async function creditTarget(tx: DbOrTx, profile: Profile, snapshot: SubscriptionSnapshot, now: Date): Promise<CreditTarget> {
  const sameSubscription = profile.stripeSubscriptionId === snapshot.subscriptionId;
  const granting = grantsAllowance(snapshot.status) && !(sameSubscription && profile.allowanceFrozenBy !== null);
  const planCredits = granting ? planAllowance(snapshot.planId) : 0;
  const at = now > snapshot.currentPeriodStart ? now : snapshot.currentPeriodStart;
  const monthStart = currentMonthStart(snapshot.currentPeriodStart, at);
  const monthResetKey = causeKeys.subscriptionMonth(snapshot.subscriptionId, monthStart);
  const fresh = { monthlyCredits: planCredits, creditsUsed: 0, creditsPeriodStart: monthStart, monthResetKey };
  const stored = sameSubscription ? profile.creditsPeriodStart : null;
  // The month that opens a billing period starts once that period is paid; later months of a paid period start on their day.
  const monthPaid = snapshot.periodPaid || monthStart.getTime() > snapshot.currentPeriodStart.getTime();

  if (!stored) {
    // The first month of this subscription, once it grants credits.
    if (granting && monthPaid) return fresh;
    return { monthlyCredits: 0, creditsUsed: 0, creditsPeriodStart: null };
  }
  const nextMonth = isNextMonth(stored, monthStart) && !(await findLedgerEntryByCause(tx, profile.userId, monthResetKey));
  if (nextMonth && granting && monthPaid) return fresh;
  // The same month, or a new one not paid yet: what was used stays used.
  const movedWithinMonth = !nextMonth && monthStart > stored;
  return { monthlyCredits: planCredits, creditsUsed: profile.creditsUsed, creditsPeriodStart: movedWithinMonth ? monthStart : stored };
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
    subscriptionObservedAt: snapshot.observedAt,
  };
}

export type SnapshotOutcome = "applied" | "stale" | "otherSubscription" | "alreadyApplied";

/**
 * Brings the profile in line with a subscription's state: plan, status and period, and the
 * allowance by the rules above. `causeKey` names the event or purchase that brought the
 * snapshot; a month reset is keyed by the month itself instead, so the renewal webhook and the
 * scheduled refresh never reset the same month twice. `refunded` marks the end of a subscription
 * whose payment went back: its row is a reversal that records the credits already spent.
 * `purchaseId` names the payment that brought the snapshot, so its row links that receipt.
 */
export async function applySubscriptionSnapshot(
  db: DbOrTx,
  params: { userId: string; snapshot: SubscriptionSnapshot; causeKey: string; now: Date; refunded?: boolean; purchaseId?: string },
): Promise<{ applied: boolean; outcome: SnapshotOutcome }> {
  const { userId, snapshot, causeKey, now, refunded = false, purchaseId } = params;
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, userId);
    if (!profile) throw new MissingProfileError(userId);
    const current = profile.stripeSubscriptionId;
    if (current === snapshot.subscriptionId && profile.subscriptionObservedAt && profile.subscriptionObservedAt > snapshot.observedAt) {
      return { applied: false, outcome: "stale" };
    }
    // Late news of an older subscription, or a second one while the first still holds the customer.
    // A plan from the test checkout took no money: a paid Stripe subscription takes its place.
    const holds = holdsCustomer(profile.subscriptionStatus) && !(isTestPlanId(current) && !isTestPlanId(snapshot.subscriptionId));
    if (current !== null && current !== snapshot.subscriptionId && (!grantsAllowance(snapshot.status) || holds)) {
      return { applied: false, outcome: "otherSubscription" };
    }

    const target = await creditTarget(tx, profile, snapshot, now);
    const before = availableCredits(profile);
    const after = availableCredits({ ...profile, ...target });
    // Spent from a month whose payment went back: recorded, since it cannot be taken back.
    const unrecovered = refunded ? Math.min(profile.creditsUsed, planAllowance(profile.subscriptionPlan)) : 0;
    const entryKey = target.monthResetKey ?? causeKey;
    const writesLedger = after !== before || target.monthResetKey !== undefined || unrecovered > 0;
    if (writesLedger && (await findLedgerEntryByCause(tx, userId, entryKey))) return { applied: false, outcome: "alreadyApplied" };

    await updateProfileSubscription(tx, userId, {
      ...subscriptionFields(snapshot),
      stripeCustomerId: profile.stripeCustomerId ?? snapshot.customerId,
      allowanceFrozenBy: current === snapshot.subscriptionId ? profile.allowanceFrozenBy : null,
      monthlyCredits: target.monthlyCredits,
      creditsUsed: target.creditsUsed,
      creditsPeriodStart: target.creditsPeriodStart,
    });
    if (writesLedger) {
      const kind = refunded ? "reversal" : after > before || target.monthResetKey ? "subscription_allowance" : "expiry";
      await insertLedgerEntry(tx, {
        userId,
        kind,
        delta: after - before,
        monthlyDelta: after - before,
        balanceAfter: after,
        unrecovered,
        causeKey: entryKey,
        purchaseId,
      });
    }
    return { applied: true, outcome: "applied" };
  });
}

/**
 * A dispute on a payment of the subscription freezes its allowance until the dispute closes
 * (decision 20): monthly_credits is 0 meanwhile and what was used stays used. Closing it as won
 * gives back the plan's allowance if the subscription still grants one. Only the subscription
 * the profile holds is frozen, only by a dispute not closed already, and only the dispute that
 * froze it unfreezes it; the close is recorded either way, so a late "created" cannot freeze again.
 */
export async function setAllowanceFrozen(
  db: DbOrTx,
  params: { userId: string; subscriptionId: string; disputeId: string; frozen: boolean },
): Promise<{ applied: boolean }> {
  const { userId, subscriptionId, disputeId, frozen } = params;
  const causeKey = frozen ? causeKeys.disputeHold(disputeId) : causeKeys.disputeRelease(disputeId);
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, userId);
    if (!profile || (await findLedgerEntryByCause(tx, userId, causeKey))) return { applied: false };
    const held = profile.stripeSubscriptionId === subscriptionId;
    if (frozen) {
      const closed = await findLedgerEntryByCause(tx, userId, causeKeys.disputeRelease(disputeId));
      if (closed || !held || profile.allowanceFrozenBy !== null || !holdsCustomer(profile.subscriptionStatus)) return { applied: false };
    }
    const changes = frozen || (held && profile.allowanceFrozenBy === disputeId);
    const monthlyCredits = !changes
      ? profile.monthlyCredits
      : !frozen && grantsAllowance(profile.subscriptionStatus)
        ? planAllowance(profile.subscriptionPlan)
        : 0;
    if (changes) await updateProfileSubscription(tx, userId, { allowanceFrozenBy: frozen ? disputeId : null, monthlyCredits });
    const before = availableCredits(profile);
    const after = availableCredits({ ...profile, monthlyCredits });
    await insertLedgerEntry(tx, {
      userId,
      kind: frozen ? "dispute_hold" : "dispute_release",
      delta: after - before,
      monthlyDelta: after - before,
      balanceAfter: after,
      causeKey,
    });
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
    if (!profile || !grantsAllowance(profile.subscriptionStatus) || profile.allowanceFrozenBy !== null) return { applied: false };
    const { subscriptionStartDate: periodStart, creditsPeriodStart, currentPeriodEnd, stripeSubscriptionId } = profile;
    if (!periodStart || !creditsPeriodStart || !stripeSubscriptionId) return { applied: false };
    const monthStart = currentMonthStart(periodStart, now);
    if (!isNextMonth(creditsPeriodStart, monthStart)) return { applied: false };
    // The month that opens a new billing period is reset by the paid renewal, not by the clock.
    if (currentPeriodEnd && monthStart.getTime() >= currentPeriodEnd.getTime() - monthMargin) return { applied: false };
    const monthResetKey = causeKeys.subscriptionMonth(stripeSubscriptionId, monthStart);
    if (await findLedgerEntryByCause(tx, userId, monthResetKey)) return { applied: false };

    await updateProfileSubscription(tx, userId, { creditsUsed: 0, creditsPeriodStart: monthStart });
    const before = availableCredits(profile);
    const after = availableCredits({ ...profile, creditsUsed: 0 });
    await insertLedgerEntry(tx, {
      userId,
      kind: "subscription_allowance",
      delta: after - before,
      monthlyDelta: after - before,
      balanceAfter: after,
      causeKey: monthResetKey,
    });
    return { applied: true };
  });
}
