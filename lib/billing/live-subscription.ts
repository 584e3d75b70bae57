import type { Profile, SubscriptionStatus } from "@/db/schema";
import { isTestPlanId } from "@/lib/credits/subscription-allowance";

/** Statuses of a Stripe subscription that still exists and can be managed (or repaired) in the Portal. */
const liveStatuses: ReadonlySet<SubscriptionStatus> = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);

/**
 * The user has a Stripe subscription that has not ended: plan changes and payment problems go
 * through the Customer Portal, so a second subscription is never started next to it.
 */
export function hasLiveStripeSubscription(
  profile: Pick<Profile, "stripeCustomerId" | "stripeSubscriptionId" | "subscriptionStatus"> | undefined,
): boolean {
  return Boolean(
    profile?.stripeCustomerId &&
      profile.stripeSubscriptionId?.startsWith("sub_") &&
      liveStatuses.has(profile.subscriptionStatus),
  );
}

/**
 * Where the user's live subscription is managed: "stripe" (the Customer Portal) or "test" (the
 * built-in portal of a plan bought in the test checkout); undefined without one.
 */
export function liveSubscriptionProvider(
  profile: Pick<Profile, "stripeCustomerId" | "stripeSubscriptionId" | "subscriptionStatus"> | undefined,
): "stripe" | "test" | undefined {
  if (hasLiveStripeSubscription(profile)) return "stripe";
  if (profile && isTestPlanId(profile.stripeSubscriptionId) && liveStatuses.has(profile.subscriptionStatus)) return "test";
  return undefined;
}
