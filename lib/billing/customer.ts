import "server-only";
import type Stripe from "stripe";
import type { DbOrTx } from "@/db/client";
import { saveStripeCustomerId } from "@/db/queries/billing";
import { findProfile } from "@/db/queries/credits";

/**
 * The user's one Stripe customer, created on their first checkout. Two first checkouts at once
 * send the same idempotency key, so Stripe answers both with one customer, and the database
 * keeps whichever id was stored first.
 */
export async function ensureStripeCustomer(
  db: DbOrTx,
  stripe: Stripe,
  user: { id: string; email: string },
): Promise<string> {
  const profile = await findProfile(db, user.id);
  if (profile?.stripeCustomerId) return profile.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  return (await saveStripeCustomerId(db, user.id, customer.id)) ?? customer.id;
}
