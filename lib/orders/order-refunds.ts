import "server-only";
import { listPendingOrderRefunds, markOrderRefunded, recordOrderRefundFailure } from "@/db/queries/orders";
import type { BillingContext } from "@/lib/billing/context";

/**
 * Sends the money refunds that paid orders are owed (decision 19) to the payment provider. The
 * job's outcome (or a payment for a closed order) wrote each one as pending, in its own
 * transaction; this runs after it, right after a job ends and on the housekeeping timer, and
 * may run on several servers at once: Stripe's idempotency key (the refund's id) makes a
 * second send return the first refund, and only the first confirmation is recorded.
 *
 * The built-in test checkout took no money: its refunds are simply marked refunded. A Stripe
 * refund that fails is retried on later runs and given up after `maxAttempts`, then shown to
 * the user as not sent (so support can settle it by hand).
 */

export const maxRefundAttempts = 8;

export interface SendRefundsResult {
  refunded: number;
  failed: number;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Stripe's refund statuses that mean the money did not and will not go back. */
const refusedStatuses: ReadonlySet<string> = new Set(["failed", "canceled"]);

export async function sendPendingOrderRefunds(ctx: BillingContext, options: { limit?: number } = {}): Promise<SendRefundsResult> {
  const result: SendRefundsResult = { refunded: 0, failed: 0 };
  const pending = await listPendingOrderRefunds(ctx.db, options.limit ?? 50);
  for (const { refund, provider, paymentIntentId, purchaseAmountMinor } of pending) {
    const wholePayment = refund.amountMinor >= purchaseAmountMinor;
    const fail = async (error: string, giveUp: boolean) => {
      await recordOrderRefundFailure(ctx.db, { id: refund.id, error, giveUp: giveUp || refund.attempts + 1 >= maxRefundAttempts });
      result.failed += 1;
    };

    if (provider === "test") {
      if (await markOrderRefunded(ctx.db, { id: refund.id, providerRefundId: null, refundedAt: ctx.now(), wholePayment })) {
        result.refunded += 1;
      }
      continue;
    }
    // A Stripe payment waits for a server that has Stripe configured.
    if (ctx.payments.mode !== "stripe") continue;
    if (!paymentIntentId) {
      await fail("The payment has no PaymentIntent to refund", true);
      continue;
    }
    try {
      const sent = await ctx.payments.stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: refund.amountMinor,
          reason: "requested_by_customer",
          metadata: { orderRefundId: refund.id, purchaseId: refund.purchaseId, reason: refund.reason },
        },
        { idempotencyKey: `order-refund-${refund.id}` },
      );
      if (sent.status && refusedStatuses.has(sent.status)) {
        await fail(`Stripe refused refund ${sent.id}: ${sent.failure_reason ?? sent.status}`, true);
        continue;
      }
      if (await markOrderRefunded(ctx.db, { id: refund.id, providerRefundId: sent.id, refundedAt: ctx.now(), wholePayment })) {
        result.refunded += 1;
      }
    } catch (error) {
      console.error(`[orders] refund ${refund.id} of purchase ${refund.purchaseId} failed`, error);
      await fail(describe(error), false);
    }
  }
  return result;
}
