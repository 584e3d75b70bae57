import "server-only";
import type { DbOrTx } from "@/db/client";
import { findProfile } from "@/db/queries/credits";
import { availableCredits } from "@/lib/credits/balance";
import { grantsAllowance } from "@/lib/credits/subscription-allowance";
import type { BillingCycle, PlanId } from "./catalog";
import { hasLiveStripeSubscription } from "./live-subscription";

/** What /subscription shows about the user's own credits and plan. */
export interface BillingOverview {
  availableCredits: number;
  monthlyCredits: number;
  creditsUsed: number;
  subscription: {
    planId: PlanId;
    billingCycle: BillingCycle;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** A Stripe subscription exists (even unpaid or past due): the Customer Portal can manage it. */
  manageable: boolean;
}

export async function loadBillingOverview(db: DbOrTx, userId: string): Promise<BillingOverview> {
  const profile = await findProfile(db, userId);
  if (!profile) return { availableCredits: 0, monthlyCredits: 0, creditsUsed: 0, subscription: null, manageable: false };
  const active = grantsAllowance(profile.subscriptionStatus) && profile.subscriptionPlan && profile.subscriptionPeriod;
  return {
    availableCredits: availableCredits(profile),
    monthlyCredits: profile.monthlyCredits,
    creditsUsed: profile.creditsUsed,
    subscription:
      active && profile.subscriptionPlan && profile.subscriptionPeriod
        ? {
            planId: profile.subscriptionPlan,
            billingCycle: profile.subscriptionPeriod,
            currentPeriodEnd: profile.currentPeriodEnd,
            cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
          }
        : null,
    manageable: hasLiveStripeSubscription(profile),
  };
}
