import "server-only";
import type { PaymentProvider } from "@/db/schema";
import type { BillingContext } from "@/lib/billing/context";

/** An order closed on our side whose checkout may still be open at the payment provider. */
export interface ClosedCheckout {
  provider: PaymentProvider;
  checkoutSessionId: string | null;
}

/**
 * Expires the Stripe Checkout Sessions of orders we closed, so they can no longer be paid.
 * Best effort: a session that was paid or expired meanwhile cannot be expired (Stripe refuses),
 * and a payment that still lands for a closed cash pack is refunded in full (cash-pack.ts).
 * Test-checkout orders have nothing to expire: their page only pays pending orders.
 */
export async function expireCheckouts(ctx: BillingContext, checkouts: readonly ClosedCheckout[]): Promise<void> {
  if (ctx.payments.mode !== "stripe") return;
  const { stripe } = ctx.payments;
  for (const { provider, checkoutSessionId } of checkouts) {
    if (provider !== "stripe" || !checkoutSessionId) continue;
    try {
      await stripe.checkout.sessions.expire(checkoutSessionId, {}, { idempotencyKey: `expire-${checkoutSessionId}` });
    } catch (error) {
      console.warn(`[orders] checkout session ${checkoutSessionId} could not be expired`, error instanceof Error ? error.message : error);
    }
  }
}
