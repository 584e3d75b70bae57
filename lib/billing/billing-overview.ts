import "server-only";
import type { DbOrTx } from "@/db/client";
import { findProfile } from "@/db/queries/credits";
import { availableCredits } from "@/lib/credits/balance";
import { grantsAllowance } from "@/lib/credits/subscription-allowance";
import type { BillingCycle, PlanId } from "./catalog";
import { liveSubscriptionProvider } from "./live-subscription";
import type { PaymentsMode } from "./payments-config";

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
  /**
   * Where the subscription is managed: "stripe" (a Stripe subscription, even unpaid or past
   * due: the Customer Portal), "test" (a test-checkout plan, in test mode: the built-in portal).
   */
  management: "stripe" | "test" | null;
}

export async function loadBillingOverview(db: DbOrTx, userId: string, paymentsMode: PaymentsMode): Promise<BillingOverview> {
  const profile = await findProfile(db, userId);
  if (!profile) return { availableCredits: 0, monthlyCredits: 0, creditsUsed: 0, subscription: null, management: null };
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
    management: managementOf(liveSubscriptionProvider(profile), paymentsMode),
  };
}

function managementOf(provider: "stripe" | "test" | undefined, paymentsMode: PaymentsMode): BillingOverview["management"] {
  if (provider === "stripe") return "stripe";
  return provider === "test" && paymentsMode === "test" ? "test" : null;
}
