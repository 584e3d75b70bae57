import "server-only";
import Stripe from "stripe";
import { closeOpenCheckouts } from "@/lib/billing/checkout-sessions";
import { billingContext } from "@/lib/billing/context";
import { getStripe } from "@/lib/billing/stripe-client";
import type { CancelSubscription, ExpireCheckouts } from "./delete-account";

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

/** Expires the user's open Checkout Sessions through the configured Stripe client; undefined without Stripe. */
export function stripeCheckoutExpirer(): ExpireCheckouts | undefined {
  const ctx = billingContext();
  if (ctx.payments.mode !== "stripe") return undefined;
  return async (userId) => {
    await closeOpenCheckouts(ctx, userId);
  };
}
