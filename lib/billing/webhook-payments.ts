import "server-only";
import { advancePurchaseDispute, recordPurchaseRefund } from "@/db/queries/purchases";
import type { PurchaseDisputeStatus } from "@/db/schema";
import { causeKeys } from "@/lib/credits/ledger";
import { setAllowanceFrozen } from "@/lib/credits/subscription-allowance";
import type { BillingContext } from "./context";
import { reverseRefundedCredits, settleDisputedCredits } from "./purchase-settlement";
import { chargeObject, disputeObject } from "./stripe-objects";
import { cancelSubscriptionNow, findPaymentOwner, retrieveSubscription } from "./stripe-payments";
import type { WebhookEvent, WebhookEffect } from "./webhook-handlers";
import { subscriptionUserId, syncSubscription } from "./webhook-subscriptions";

/**
 * Refunds and disputes (decision 20). A refunded top-up gives back the credits it bought, as
 * far as the balance reaches; a refunded cash pack bought a headshot order, not credits, so it
 * is only recorded; a subscription refunded in full ends at once. A dispute freezes what its
 * payment bought until it closes: won unfreezes, lost takes it back (and ends a subscription).
 */

async function paymentIntentOf(ctx: BillingContext, chargeId: string, fromEvent: string | null | undefined) {
  if (fromEvent) return fromEvent;
  if (ctx.payments.mode !== "stripe") return undefined;
  return chargeObject.parse(await ctx.payments.stripe.charges.retrieve(chargeId)).payment_intent ?? undefined;
}

/** A subscription ended at once at Stripe, then in the profile with the credits it had left. */
async function endSubscriptionNow(ctx: BillingContext, subscriptionId: string, reason: string, causeKey: string): Promise<WebhookEffect | undefined> {
  if (ctx.payments.mode !== "stripe") return undefined;
  const observed = { subscription: await cancelSubscriptionNow(ctx.payments.stripe, subscriptionId, reason), observedAt: ctx.now() };
  const userId = await subscriptionUserId(ctx.db, observed.subscription);
  if (!userId) return undefined;
  return async (tx) => {
    await syncSubscription(tx, ctx, { userId, observed, causeKey, refunded: true });
  };
}

/** charge.refunded: amount_refunded is the total given back so far, partial or full. */
export async function chargeRefunded(ctx: BillingContext, event: WebhookEvent): Promise<WebhookEffect | undefined> {
  const charge = chargeObject.parse(event.data.object);
  const paymentIntentId = charge.payment_intent;
  const owner = paymentIntentId ? await findPaymentOwner(ctx, paymentIntentId) : undefined;
  if (!owner) {
    console.warn(`[billing] refunded charge ${charge.id} paid for nothing we sold; event ${event.id} skipped`);
    return undefined;
  }
  if (owner.kind === "purchase") {
    const { userId, id } = owner.purchase;
    return async (tx) => {
      const purchase = await recordPurchaseRefund(tx, userId, id, charge.amount_refunded);
      if (purchase) await reverseRefundedCredits(tx, purchase);
    };
  }
  // A plan refunded in part is a gesture of goodwill in money: the plan goes on.
  if (!charge.refunded) return undefined;
  return endSubscriptionNow(ctx, owner.subscriptionId, "refund", causeKeys.stripeEvent(event.id));
}

/** charge.dispute.created and charge.dispute.closed. */
export function disputeChanged(closing: boolean) {
  return async (ctx: BillingContext, event: WebhookEvent): Promise<WebhookEffect | undefined> => {
    const dispute = disputeObject.parse(event.data.object);
    // Closed as won, or as an inquiry that never became a chargeback ("warning_closed"): nothing is lost.
    const status: PurchaseDisputeStatus = !closing ? "open" : dispute.status === "lost" ? "lost" : "won";
    const paymentIntentId = await paymentIntentOf(ctx, dispute.charge, dispute.payment_intent);
    const owner = paymentIntentId ? await findPaymentOwner(ctx, paymentIntentId) : undefined;
    if (!owner) {
      console.warn(`[billing] dispute ${dispute.id} is about a payment for nothing we sold; event ${event.id} skipped`);
      return undefined;
    }
    if (owner.kind === "purchase") {
      const { userId, id } = owner.purchase;
      return async (tx) => {
        const purchase = await advancePurchaseDispute(tx, userId, id, { id: dispute.id, status });
        if (purchase) await settleDisputedCredits(tx, purchase);
      };
    }
    const { subscriptionId } = owner;
    if (status === "lost") return endSubscriptionNow(ctx, subscriptionId, "dispute", causeKeys.disputeLost(dispute.id));
    const userId = await subscriptionUserIdById(ctx, subscriptionId);
    if (!userId) return undefined;
    return async (tx) => {
      await setAllowanceFrozen(tx, { userId, subscriptionId, disputeId: dispute.id, frozen: status === "open" });
    };
  };
}

async function subscriptionUserIdById(ctx: BillingContext, subscriptionId: string): Promise<string | undefined> {
  if (ctx.payments.mode !== "stripe") return undefined;
  return subscriptionUserId(ctx.db, await retrieveSubscription(ctx.payments.stripe, subscriptionId));
}
