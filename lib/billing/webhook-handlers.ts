import "server-only";
import type { DbOrTx } from "@/db/client";
import { insertDuplicatePayment } from "@/db/queries/duplicate-payments";
import { closeUnpaidPurchase, findPurchase, setPurchaseCheckoutSession, setPurchasePaymentIntent } from "@/db/queries/purchases";
import type { Purchase } from "@/db/schema";
import { causeKeys } from "@/lib/credits/ledger";
import { parsePlanItemId } from "./checkout-items";
import type { BillingContext } from "./context";
import { fulfillPurchase } from "./fulfilment";
import {
  checkoutSessionObject,
  invoiceObject,
  invoiceSubscriptionId,
  subscriptionObject,
  type CheckoutSessionObject,
} from "./stripe-objects";
import { cancelDuplicateSubscription, refundPaymentInFull, retrieveSubscription } from "./stripe-payments";
import { chargeRefunded, disputeChanged } from "./webhook-payments";
import {
  applyReplaced,
  latestSubscription,
  placeSubscription,
  subscriptionUserId,
  syncSubscription,
  toSnapshot,
  type SubscriptionPlacement,
} from "./webhook-subscriptions";

/**
 * One handler per relevant Stripe event. A handler does its Stripe API reads (and idempotent
 * writes: cancelling a duplicate subscription, refunding it) first and returns the database
 * change to apply, which the dispatcher runs in the transaction that records the event id,
 * so each event changes the database exactly once.
 */
export type WebhookEffect = (tx: DbOrTx) => Promise<void>;
export interface WebhookEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: unknown };
}
type Handler = (ctx: BillingContext, event: WebhookEvent) => Promise<WebhookEffect | undefined>;

const paidStatuses: ReadonlySet<string> = new Set(["paid", "no_payment_required"]);

/** checkout.session.completed and .async_payment_succeeded: the purchase is paid. */
const checkoutSessionPaid: Handler = async (ctx, event) => {
  const session = checkoutSessionObject.parse(event.data.object);
  const { purchaseId } = session.metadata;
  const userId = session.metadata.userId ?? session.client_reference_id ?? undefined;
  if (!purchaseId || !userId) return undefined;
  // Delayed payment methods complete unpaid; async_payment_succeeded follows when they pay.
  if (!paidStatuses.has(session.payment_status)) return undefined;
  const stored = await findPurchase(ctx.db, userId, purchaseId);
  if (!stored) return refundOrphanedPayment(ctx, session, event);
  if (paidByAnotherPayment(stored, session)) return refundDuplicatePayment(ctx, stored, session, event);
  const observed = session.subscription ? await latestSubscription(ctx, session.subscription) : undefined;
  const placement: SubscriptionPlacement = observed ? await placeSubscription(ctx, userId, observed) : { kind: "apply" };
  return async (tx) => {
    const purchase = await findPurchase(tx, userId, purchaseId);
    if (!purchase) return;
    // A repeated click with other options may have replaced the session: either one pays the purchase.
    if (!purchase.stripeCheckoutSessionId) await setPurchaseCheckoutSession(tx, userId, purchase.id, session.id);
    if (session.payment_intent) {
      await setPurchasePaymentIntent(tx, userId, purchase.id, session.payment_intent);
      // Another session of this purchase was applied while this event was on its way: the
      // event fails, and Stripe's retry refunds this payment (above).
      const settled = await findPurchase(tx, userId, purchase.id);
      if (settled && paidByAnotherPayment(settled, session)) throw new DuplicatePaymentError(purchase.id, session.payment_intent);
    }
    await applyReplaced(tx, ctx, userId, placement, causeKeys.stripeEvent(event.id));
    // The purchase names the plan in case the subscription's metadata was lost.
    const subscription = observed ? toSnapshot(ctx, observed, parsePlanItemId(purchase.itemId)) : undefined;
    await fulfillPurchase(tx, {
      userId,
      purchaseId: purchase.id,
      now: ctx.now(),
      subscription,
      duplicate: placement.kind === "duplicate" ? "refunded" : "throw",
    });
  };
};

/** A second payment of one purchase (two sessions were paid): it bought nothing. */
class DuplicatePaymentError extends Error {
  constructor(purchaseId: string, paymentIntentId: string) {
    super(`Payment ${paymentIntentId} pays purchase ${purchaseId}, which another payment already paid`);
    this.name = "DuplicatePaymentError";
  }
}

function paidByAnotherPayment(purchase: Purchase, session: CheckoutSessionObject): boolean {
  return Boolean(session.payment_intent && purchase.stripePaymentIntentId && purchase.stripePaymentIntentId !== session.payment_intent);
}

/**
 * Two Checkout Sessions of one purchase were both paid (they should never both be payable, but
 * a purchase is settled by one payment only): the later one buys nothing, so its money goes
 * back in full at once.
 */
async function refundDuplicatePayment(
  ctx: BillingContext,
  purchase: Purchase,
  session: CheckoutSessionObject,
  event: WebhookEvent,
): Promise<WebhookEffect | undefined> {
  const paymentIntentId = session.payment_intent;
  if (ctx.payments.mode !== "stripe" || !paymentIntentId) return undefined;
  console.warn(`[billing] checkout session ${session.id} paid purchase ${purchase.id} a second time; event ${event.id}: refunding`);
  await refundPaymentInFull(ctx.payments.stripe, paymentIntentId, `duplicate-payment-${purchase.id}`);
  const { userId, amountMinor, currency } = purchase;
  return async (tx) => {
    await insertDuplicatePayment(tx, { userId, purchaseId: purchase.id, stripePaymentIntentId: paymentIntentId, amountMinor, currency, refundedAt: ctx.now() });
  };
}

/**
 * A purchase row only goes with its account: a payment completed for a deleted account (paid in
 * a tab left open while the account was deleted) buys nothing, so its money goes back at once.
 */
async function refundOrphanedPayment(ctx: BillingContext, session: CheckoutSessionObject, event: WebhookEvent): Promise<undefined> {
  console.warn(`[billing] checkout session ${session.id} matches no purchase (account deleted?); event ${event.id}: refunding`);
  if (ctx.payments.mode !== "stripe") return undefined;
  const { stripe } = ctx.payments;
  if (session.subscription) await cancelDuplicateSubscription(stripe, await retrieveSubscription(stripe, session.subscription));
  else if (session.payment_intent) await refundPaymentInFull(stripe, session.payment_intent, `orphaned-${session.id}`);
  return undefined;
}

/** checkout.session.expired / .async_payment_failed: the purchase will not be paid. */
function checkoutSessionUnpaid(status: "failed" | "cancelled"): Handler {
  return async (_ctx, event) => {
    const session = checkoutSessionObject.parse(event.data.object);
    const { purchaseId, userId } = session.metadata;
    if (!purchaseId || !userId) return undefined;
    return async (tx) => {
      // A session replaced by a newer one of the same purchase (expired by us) closes nothing.
      const stored = (await findPurchase(tx, userId, purchaseId))?.stripeCheckoutSessionId;
      if (stored && stored !== session.id) return;
      await closeUnpaidPurchase(tx, userId, purchaseId, status);
    };
  };
}

/**
 * invoice.paid (a billing period was paid, so its first month starts, decision 6) and
 * customer.subscription.created/updated/deleted (plan changes, cancellation, status).
 */
function subscriptionEvent(source: "invoice" | "subscription"): Handler {
  return async (ctx, event) => {
    const fromEvent = { object: event.data.object, created: new Date(event.created * 1000) };
    const id =
      source === "invoice"
        ? invoiceSubscriptionId(invoiceObject.parse(event.data.object))
        : subscriptionObject.parse(event.data.object).id;
    if (!id) return undefined;
    const observed = await latestSubscription(ctx, id, source === "subscription" ? fromEvent : undefined);
    const userId = await subscriptionUserId(ctx.db, observed.subscription);
    if (!userId) {
      console.warn(`[billing] subscription ${id} belongs to no known user; event ${event.id} skipped`);
      return undefined;
    }
    const placement = await placeSubscription(ctx, userId, observed);
    if (placement.kind === "duplicate") return undefined;
    return async (tx) => {
      const causeKey = causeKeys.stripeEvent(event.id);
      await applyReplaced(tx, ctx, userId, placement, causeKey);
      await syncSubscription(tx, ctx, { userId, observed, causeKey });
    };
  };
}

export const webhookHandlers: Readonly<Record<string, Handler>> = {
  "checkout.session.completed": checkoutSessionPaid,
  "checkout.session.async_payment_succeeded": checkoutSessionPaid,
  "checkout.session.async_payment_failed": checkoutSessionUnpaid("failed"),
  "checkout.session.expired": checkoutSessionUnpaid("cancelled"),
  "invoice.paid": subscriptionEvent("invoice"),
  "customer.subscription.created": subscriptionEvent("subscription"),
  "customer.subscription.updated": subscriptionEvent("subscription"),
  "customer.subscription.deleted": subscriptionEvent("subscription"),
  "charge.refunded": chargeRefunded,
  "charge.dispute.created": disputeChanged(false),
  "charge.dispute.closed": disputeChanged(true),
};
