import "server-only";
import { findPurchase } from "@/db/queries/purchases";
import type { Purchase } from "@/db/schema";
import type { BillingContext } from "./context";

/**
 * A payment's receipt (issue 34, story 4): our own page of what was bought, paid and given back,
 * for every payment, and with Stripe the receipt Stripe keeps for a one-off payment (its
 * charge's receipt), looked up when asked for: nothing of it is stored.
 */

export interface Receipt {
  purchase: Purchase;
  /** Stripe's own receipt page; null in the test checkout, for a plan, or when Stripe could not say. */
  providerUrl: string | null;
}

const isSettled = (purchase: Purchase) => purchase.status === "paid" || purchase.status === "refunded";

async function stripeReceiptUrl(ctx: BillingContext, purchase: Purchase): Promise<string | null> {
  const { payments } = ctx;
  // A plan's invoices are in Stripe's Customer Portal ("Manage subscription"); a one-off payment has its charge's receipt.
  if (payments.mode !== "stripe" || purchase.provider !== "stripe" || !purchase.stripePaymentIntentId) return null;
  try {
    const intent = await payments.stripe.paymentIntents.retrieve(purchase.stripePaymentIntentId);
    const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
    return chargeId ? ((await payments.stripe.charges.retrieve(chargeId)).receipt_url ?? null) : null;
  } catch (error) {
    console.error(`[billing] Stripe's receipt of purchase ${purchase.id} could not be looked up`, error);
  }
  return null;
}

/** The receipt of one of the user's own paid (or since refunded) purchases; undefined for anything else. */
export async function loadReceipt(ctx: BillingContext, userId: string, purchaseId: string): Promise<Receipt | undefined> {
  const purchase = await findPurchase(ctx.db, userId, purchaseId);
  if (!purchase || !isSettled(purchase)) return undefined;
  return { purchase, providerUrl: await stripeReceiptUrl(ctx, purchase) };
}
