import "server-only";
import Stripe from "stripe";
import type { Purchase } from "@/db/schema";
import { findPurchase, findPurchaseByPaymentIntent } from "@/db/queries/purchases";
import type { BillingContext } from "./context";
import {
  invoiceObject,
  invoicePaymentList,
  invoiceSubscriptionId,
  latestInvoiceId,
  paymentIntentObject,
  subscriptionObject,
  type SubscriptionObject,
} from "./stripe-objects";

/**
 * Stripe API calls behind refunds, disputes and duplicate subscriptions. Refunds and disputes
 * name only a payment (a PaymentIntent); these find what it paid for. Writes are idempotent:
 * a retried webhook cancels or refunds nothing twice.
 */

export type PaymentOwner = { kind: "purchase"; purchase: Purchase } | { kind: "subscription"; subscriptionId: string };

/**
 * The purchase (top-up, cash pack) or subscription a PaymentIntent paid: our record first, then
 * the PaymentIntent's metadata (a refund may arrive before the payment's confirmation), then the
 * invoice it paid. Without the Stripe API only our record can tell.
 */
export async function findPaymentOwner(ctx: BillingContext, paymentIntentId: string): Promise<PaymentOwner | undefined> {
  const stored = await findPurchaseByPaymentIntent(ctx.db, paymentIntentId);
  if (stored) return { kind: "purchase", purchase: stored };
  if (ctx.payments.mode !== "stripe") return undefined;
  const { stripe } = ctx.payments;
  const intent = paymentIntentObject.parse(await stripe.paymentIntents.retrieve(paymentIntentId));
  const { purchaseId, userId } = intent.metadata;
  const purchase = purchaseId && userId ? await findPurchase(ctx.db, userId, purchaseId) : undefined;
  // A purchase paid by another payment: this one was a duplicate, refunded, and paid for nothing.
  if (purchase) return purchase.stripePaymentIntentId ? undefined : { kind: "purchase", purchase };
  const payments = invoicePaymentList.parse(
    await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 }),
  );
  const invoiceId = payments.data[0]?.invoice;
  if (!invoiceId) return undefined;
  const subscriptionId = invoiceSubscriptionId(invoiceObject.parse(await stripe.invoices.retrieve(invoiceId)));
  return subscriptionId ? { kind: "subscription", subscriptionId } : undefined;
}

export async function retrieveSubscription(stripe: Stripe, subscriptionId: string): Promise<SubscriptionObject> {
  return subscriptionObject.parse(await stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice"] }));
}

/** Ends a subscription at once, without proration; one that is over already stays as it is. */
export async function cancelSubscriptionNow(stripe: Stripe, subscriptionId: string, reason: string): Promise<SubscriptionObject> {
  try {
    return subscriptionObject.parse(
      await stripe.subscriptions.cancel(subscriptionId, { prorate: false }, { idempotencyKey: `cancel-${reason}-${subscriptionId}` }),
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const current = await retrieveSubscription(stripe, subscriptionId);
    if (current.status === "canceled" || current.status === "incomplete_expired") return current;
    throw error;
  }
}

/** Gives a whole payment back; one refunded already stays as it is. */
export async function refundPaymentInFull(stripe: Stripe, paymentIntentId: string, reason: string): Promise<void> {
  try {
    await stripe.refunds.create(
      { payment_intent: paymentIntentId, reason: "duplicate", metadata: { reason } },
      { idempotencyKey: `refund-${reason}-${paymentIntentId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}

/**
 * A subscription that must not go on: a second one of a customer who has one already (one
 * live subscription per customer), or one whose account is gone. It is cancelled at once and
 * whatever it charged is refunded in full.
 */
export async function cancelDuplicateSubscription(stripe: Stripe, subscription: SubscriptionObject): Promise<void> {
  await cancelSubscriptionNow(stripe, subscription.id, "duplicate");
  const invoice = latestInvoiceId(subscription);
  if (!invoice) return;
  const payments = invoicePaymentList.parse(await stripe.invoicePayments.list({ invoice, limit: 10 }));
  for (const payment of payments.data) {
    const intent = payment.payment.payment_intent;
    if (intent && payment.status === "paid") await refundPaymentInFull(stripe, intent, `duplicate-${subscription.id}`);
  }
}
