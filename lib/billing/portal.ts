import "server-only";
import { findProfile } from "@/db/queries/credits";
import type { BillingContext } from "./context";
import { BillingError } from "./errors";
import { absoluteUrl, plansPath } from "./return-path";

/**
 * A Stripe Customer Portal session for the user's own customer, where they change plan, update
 * their card or cancel (cancelling keeps the plan until the period ends, decision 6).
 */
export async function openCustomerPortal(ctx: BillingContext, userId: string): Promise<string> {
  const { payments } = ctx;
  const profile = await findProfile(ctx.db, userId);
  if (payments.mode !== "stripe" || !profile?.stripeCustomerId) throw new BillingError("portalUnavailable");
  try {
    const session = await payments.stripe.billingPortal.sessions.create({
      customer: profile.stripeCustomerId,
      return_url: absoluteUrl(ctx.appUrl, plansPath),
    });
    return session.url;
  } catch (error) {
    console.error("[billing] opening the Customer Portal failed", error);
    throw new BillingError("portalFailed");
  }
}
