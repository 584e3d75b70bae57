import "server-only";
import type { DbOrTx } from "@/db/client";
import { findUserIdByStripeIds } from "@/db/queries/billing";
import { findProfile } from "@/db/queries/credits";
import { closeUnpaidPurchase, findPurchase, setPurchaseCheckoutSession, setPurchasePaymentIntent } from "@/db/queries/purchases";
import { causeKeys } from "@/lib/credits/ledger";
import { applySubscriptionSnapshot, type SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { parsePlanItemId } from "./checkout-items";
import type { BillingContext } from "./context";
import { fulfillPurchase } from "./fulfilment";
import {
  checkoutSessionObject,
  invoiceObject,
  invoiceSubscriptionId,
  subscriptionObject,
  type SubscriptionObject,
} from "./stripe-objects";
import { snapshotFromStripe } from "./stripe-subscription";

/**
 * One handler per relevant Stripe event. A handler does its Stripe API reads first and returns
 * the database change to apply, which the dispatcher runs in the transaction that records the
 * event id, so each event changes the database exactly once.
 */
export type WebhookEffect = (tx: DbOrTx) => Promise<void>;
export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: unknown };
}
type Handler = (ctx: BillingContext, event: WebhookEvent) => Promise<WebhookEffect | undefined>;

const paidStatuses: ReadonlySet<string> = new Set(["paid", "no_payment_required"]);

/**
 * The subscription as Stripe has it now, rather than as the event pictured it: events arrive
 * late and out of order, the latest state does not. Without an API client (or once Stripe no
 * longer knows the subscription) the event's own copy is used.
 */
async function latestSubscription(ctx: BillingContext, id: string, fromEvent?: unknown): Promise<SubscriptionObject> {
  if (ctx.payments.mode === "stripe") {
    try {
      return subscriptionObject.parse(await ctx.payments.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (fromEvent === undefined) throw error;
      console.warn(`[billing] using the event's copy of subscription ${id}`, error);
    }
  }
  return subscriptionObject.parse(fromEvent);
}

function planPriceIds(ctx: BillingContext) {
  return ctx.payments.mode === "stripe" ? ctx.payments.planPriceIds : {};
}

/** Applies a subscription's state to the user it belongs to; unknown subscriptions are skipped. */
function syncSubscription(ctx: BillingContext, event: WebhookEvent, subscription: SubscriptionObject): WebhookEffect {
  return async (tx) => {
    const userId =
      (await findUserIdByStripeIds(tx, { subscriptionId: subscription.id, customerId: subscription.customer })) ??
      subscription.metadata.userId;
    if (!userId) {
      console.warn(`[billing] subscription ${subscription.id} belongs to no known user; event ${event.id} skipped`);
      return;
    }
    // Without price ids or metadata naming the plan, the plan the profile has for it still holds.
    const profile = await findProfile(tx, userId);
    const knownPlan =
      profile?.stripeSubscriptionId === subscription.id && profile.subscriptionPlan && profile.subscriptionPeriod
        ? { planId: profile.subscriptionPlan, billingCycle: profile.subscriptionPeriod }
        : undefined;
    const snapshot = snapshotFromStripe(subscription, planPriceIds(ctx), knownPlan);
    if (!snapshot) {
      console.error(`[billing] cannot tell the plan of subscription ${subscription.id}; event ${event.id} skipped`);
      return;
    }
    await applySubscriptionSnapshot(tx, { userId, snapshot, causeKey: causeKeys.stripeEvent(event.id), now: ctx.now() });
  };
}

/** checkout.session.completed and .async_payment_succeeded: the purchase is paid. */
const checkoutSessionPaid: Handler = async (ctx, event) => {
  const session = checkoutSessionObject.parse(event.data.object);
  const { purchaseId } = session.metadata;
  const userId = session.metadata.userId ?? session.client_reference_id ?? undefined;
  if (!purchaseId || !userId) return undefined;
  // Delayed payment methods complete unpaid; async_payment_succeeded follows when they pay.
  if (!paidStatuses.has(session.payment_status)) return undefined;
  const latest = session.subscription ? await latestSubscription(ctx, session.subscription) : undefined;
  return async (tx) => {
    const purchase = await findPurchase(tx, userId, purchaseId);
    if (!purchase || (purchase.stripeCheckoutSessionId && purchase.stripeCheckoutSessionId !== session.id)) {
      console.warn(`[billing] checkout session ${session.id} matches no purchase; event ${event.id} skipped`);
      return;
    }
    if (!purchase.stripeCheckoutSessionId) await setPurchaseCheckoutSession(tx, userId, purchase.id, session.id);
    if (session.payment_intent) await setPurchasePaymentIntent(tx, userId, purchase.id, session.payment_intent);
    // The purchase names the plan in case the subscription's metadata was lost.
    const subscription: SubscriptionSnapshot | undefined = latest
      ? snapshotFromStripe(latest, planPriceIds(ctx), parsePlanItemId(purchase.itemId))
      : undefined;
    await fulfillPurchase(tx, { userId, purchaseId: purchase.id, now: ctx.now(), subscription });
  };
};

/** checkout.session.expired / .async_payment_failed: the purchase will not be paid. */
function checkoutSessionUnpaid(status: "failed" | "cancelled"): Handler {
  return async (_ctx, event) => {
    const session = checkoutSessionObject.parse(event.data.object);
    const { purchaseId, userId } = session.metadata;
    if (!purchaseId || !userId) return undefined;
    return async (tx) => {
      await closeUnpaidPurchase(tx, userId, purchaseId, status);
    };
  };
}

/** invoice.paid: a billing period was paid, so its first month starts (decision 6). */
const invoicePaid: Handler = async (ctx, event) => {
  const subscriptionId = invoiceSubscriptionId(invoiceObject.parse(event.data.object));
  if (!subscriptionId) return undefined;
  return syncSubscription(ctx, event, await latestSubscription(ctx, subscriptionId));
};

/** customer.subscription.created/updated/deleted: plan changes, cancellation, status. */
const subscriptionChanged: Handler = async (ctx, event) => {
  const fromEvent = subscriptionObject.parse(event.data.object);
  return syncSubscription(ctx, event, await latestSubscription(ctx, fromEvent.id, event.data.object));
};

export const webhookHandlers: Readonly<Record<string, Handler>> = {
  "checkout.session.completed": checkoutSessionPaid,
  "checkout.session.async_payment_succeeded": checkoutSessionPaid,
  "checkout.session.async_payment_failed": checkoutSessionUnpaid("failed"),
  "checkout.session.expired": checkoutSessionUnpaid("cancelled"),
  "invoice.paid": invoicePaid,
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
};
