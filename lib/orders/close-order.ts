import "server-only";
import { closeUnpaidPurchase, findPurchase } from "@/db/queries/purchases";
import type { BillingContext } from "@/lib/billing/context";
import { BillingError } from "@/lib/billing/errors";
import { expireCheckouts } from "./expire-checkouts";

/**
 * The buyer came back through the checkout's Cancel (issue 15 story 7): the order closes, so
 * every tab waiting for it says the payment was cancelled, and its Stripe session is expired so
 * it cannot be paid later by mistake. Only the buyer's own pending order closes; one already
 * paid or closed is left as it is, and someone else's is not found.
 */
export async function closeCancelledCheckout(ctx: BillingContext, userId: string, purchaseId: string): Promise<{ closed: boolean }> {
  const purchase = await findPurchase(ctx.db, userId, purchaseId);
  if (!purchase) throw new BillingError("purchaseNotFound");
  if (!(await closeUnpaidPurchase(ctx.db, userId, purchaseId, "cancelled"))) return { closed: false };
  await expireCheckouts(ctx, [{ provider: purchase.provider, checkoutSessionId: purchase.stripeCheckoutSessionId }]);
  return { closed: true };
}
