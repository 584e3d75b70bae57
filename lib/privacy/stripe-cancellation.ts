import "server-only";
import Stripe from "stripe";
import { getStripe } from "@/lib/billing/stripe-client";
import type { CancelSubscription } from "./delete-account";

/**
 * Cancels a subscription at once through the configured Stripe client; undefined when Stripe is
 * not configured. A subscription Stripe no longer knows is already over, which is what we want.
 */
export function stripeSubscriptionCanceller(): CancelSubscription | undefined {
  const stripe = getStripe();
  if (!stripe) return undefined;
  return async (subscriptionId) => {
    try {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `account-deletion:${subscriptionId}` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
      throw error;
    }
  };
}
