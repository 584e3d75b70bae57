import type { SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { findPlan, type BillingCycle, type PlanId } from "./catalog";
import type { PlanPriceIds } from "./payments-config";
import { isPeriodPaid, type SubscriptionObject } from "./stripe-objects";

const fromUnix = (seconds: number) => new Date(seconds * 1000);

function planFromPrice(priceId: string, planPriceIds: PlanPriceIds): { planId: PlanId; billingCycle: BillingCycle } | undefined {
  for (const [key, configured] of Object.entries(planPriceIds)) {
    if (configured !== priceId) continue;
    const [planId, billingCycle] = key.split("_");
    const plan = findPlan(planId ?? "");
    if (plan && (billingCycle === "monthly" || billingCycle === "yearly")) return { planId: plan.id, billingCycle };
  }
  return undefined;
}

/**
 * A Stripe subscription as the profile sees it. The plan comes from a configured price id
 * (the Customer Portal may have switched it), else from the metadata our checkout wrote, else
 * from `fallbackPlan` (the purchase that started it); the cycle from the price's interval.
 */
export function snapshotFromStripe(
  subscription: SubscriptionObject,
  planPriceIds: PlanPriceIds,
  observedAt: Date,
  fallbackPlan?: { planId: PlanId; billingCycle: BillingCycle },
): SubscriptionSnapshot | undefined {
  const [item] = subscription.items.data;
  if (!item) return undefined;
  const fromMetadata = findPlan(subscription.metadata.planId ?? "");
  const plan =
    planFromPrice(item.price.id, planPriceIds) ??
    (fromMetadata ? { planId: fromMetadata.id, billingCycle: fallbackPlan?.billingCycle ?? "monthly" } : fallbackPlan);
  const interval = item.price.recurring?.interval;
  const billingCycle: BillingCycle | undefined =
    interval === "year" ? "yearly" : interval === "month" ? "monthly" : plan?.billingCycle;
  const periodStart = item.current_period_start ?? subscription.current_period_start;
  const periodEnd = item.current_period_end ?? subscription.current_period_end;
  if (!plan || !billingCycle || periodStart === undefined) return undefined;
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    planId: plan.planId,
    billingCycle,
    status: subscription.status,
    currentPeriodStart: fromUnix(periodStart),
    currentPeriodEnd: periodEnd === undefined ? null : fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: subscription.ended_at ? fromUnix(subscription.ended_at) : null,
    periodPaid: isPeriodPaid(subscription),
    observedAt,
  };
}
