import "server-only";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { DbOrTx } from "@/db/client";
import type { Purchase, PurchaseKind } from "@/db/schema";
import { closeUnpaidPurchase, findPurchase, listPendingPurchases, replacePurchaseCheckoutSession } from "@/db/queries/purchases";
import type { BillingContext } from "./context";
import { checkoutSessionObject } from "./stripe-objects";

/**
 * Checkout Sessions that must not stay payable: a repeated click with other options replaces
 * the first session, a new subscription checkout replaces an older one still open (one live
 * subscription per customer), and a deleted account leaves none behind.
 */

/** Stripe keeps an unpaid Checkout Session open for 24 hours. */
const sessionLifetimeMs = 24 * 60 * 60 * 1000;

/** Expires a session unless it has completed meanwhile; one already expired counts as expired. */
async function expireSession(stripe: Stripe, sessionId: string): Promise<"expired" | "completed"> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return "expired";
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const session = checkoutSessionObject.parse(await stripe.checkout.sessions.retrieve(sessionId));
    return session.status === "complete" ? "completed" : "expired";
  }
}

/**
 * The one payable Checkout Session of a purchase for these parameters. The idempotency key
 * names the purchase and the parameters, so a double click gets the same session back, while
 * a repeated click with another language or return page gets a new one (Stripe refuses a key
 * reused with other parameters) and the earlier session is expired. If that one was paid in
 * the meantime, the new one is expired instead and the purchase goes on with the paid one.
 * The new session is saved only if the stored one is still the one this click read: when two
 * clicks race (two tabs, two languages), the loser's session is expired and it goes on with
 * the winner's, so a purchase never has two sessions that can be paid.
 */
export async function openStripeSession(
  db: DbOrTx,
  stripe: Stripe,
  purchase: Purchase,
  params: Stripe.Checkout.SessionCreateParams,
): Promise<{ session: Stripe.Checkout.Session; paidSessionId?: string }> {
  const digest = createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 16);
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${purchase.id}-${digest}` });
  const previous = purchase.stripeCheckoutSessionId;
  if (previous === session.id) return { session };
  if (previous && (await expireSession(stripe, previous)) === "completed") {
    await expireSession(stripe, session.id);
    return { session, paidSessionId: previous };
  }
  if (await replacePurchaseCheckoutSession(db, purchase.userId, purchase.id, previous, session.id)) return { session };
  const winner = (await findPurchase(db, purchase.userId, purchase.id))?.stripeCheckoutSessionId;
  // A double click with the same parameters got the same session, which the other click saved.
  if (winner === session.id) return { session };
  await expireSession(stripe, session.id);
  if (!winner) throw new Error(`Purchase ${purchase.id} lost its Checkout Session`);
  const current = await stripe.checkout.sessions.retrieve(winner);
  return current.status === "complete" ? { session, paidSessionId: winner } : { session: current };
}

/**
 * Closes the user's unpaid checkouts that may still be open (of one kind, or all), except
 * `keep`: expired at Stripe, then closed here. `completing` is true when one of them was paid
 * meanwhile; that one is left to its webhook.
 */
export async function closeOpenCheckouts(
  ctx: BillingContext,
  userId: string,
  options: { kind?: PurchaseKind; keep?: string } = {},
): Promise<{ completing: boolean }> {
  const since = new Date(ctx.now().getTime() - sessionLifetimeMs);
  let completing = false;
  for (const purchase of await listPendingPurchases(ctx.db, userId, { since, kind: options.kind })) {
    if (purchase.id === options.keep) continue;
    const sessionId = purchase.provider === "stripe" ? purchase.stripeCheckoutSessionId : null;
    if (sessionId && ctx.payments.mode === "stripe" && (await expireSession(ctx.payments.stripe, sessionId)) === "completed") {
      completing = true;
      continue;
    }
    await closeUnpaidPurchase(ctx.db, userId, purchase.id, "cancelled");
  }
  return { completing };
}
