import "server-only";
import type { DbOrTx } from "@/db/client";
import type { Purchase } from "@/db/schema";
import { markPurchasePaid, recordPurchaseRefund } from "@/db/queries/purchases";
import { captureServerEvent } from "@/lib/analytics/server-events";
import { causeKeys, grantCredits } from "@/lib/credits/ledger";
import { applySubscriptionSnapshot, type SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { onCashPackPaid } from "./cash-pack";
import { reverseRefundedCredits, settleDisputedCredits } from "./purchase-settlement";

/**
 * Delivering what a paid purchase bought. The Stripe webhook and the built-in test checkout
 * both come through here (decision 8), so the test checkout exercises the real path.
 * It runs in one transaction: the purchase turns paid exactly once, and whatever it grants is
 * written with it, or nothing is.
 */

/** A plan paid while another subscription holds the customer, and nobody has refunded it yet. */
export class DuplicateSubscriptionError extends Error {
  constructor(readonly purchaseId: string) {
    super(`Subscription purchase ${purchaseId} duplicates the customer's live subscription`);
    this.name = "DuplicateSubscriptionError";
  }
}

export interface FulfilParams {
  userId: string;
  purchaseId: string;
  now: Date;
  subscription?: SubscriptionSnapshot;
  /**
   * What to do with a plan paid while another subscription holds the customer (one live
   * subscription per customer): "refunded" when its money has gone back (the webhook cancelled
   * and refunded it at Stripe; in the test checkout marking it is the refund), so the purchase
   * is recorded as refunded; "throw" when nobody has refunded it yet.
   */
  duplicate?: "refunded" | "throw";
}

export async function fulfillPurchase(
  db: DbOrTx,
  params: FulfilParams,
): Promise<{ fulfilled: boolean; purchase?: Purchase; duplicate?: boolean }> {
  const { userId, purchaseId, now, subscription, duplicate = "throw" } = params;
  const outcome = await db.transaction(async (tx) => {
    const purchase = await markPurchasePaid(tx, userId, purchaseId, now);
    if (!purchase) return { fulfilled: false };
    switch (purchase.kind) {
      case "top_up":
        await grantCredits(tx, {
          userId,
          amount: purchase.credits,
          kind: "purchase",
          causeKey: causeKeys.purchase(purchase.id),
          purchaseId: purchase.id,
        });
        // A refund or dispute may have been delivered before this payment's confirmation.
        await reverseRefundedCredits(tx, purchase);
        await settleDisputedCredits(tx, purchase);
        break;
      case "cash_pack":
        await onCashPackPaid(tx, purchase);
        break;
      case "subscription": {
        if (!subscription) throw new Error(`Subscription purchase ${purchase.id} was paid without its subscription`);
        const applied = await applySubscriptionSnapshot(tx, {
          userId,
          snapshot: subscription,
          causeKey: causeKeys.purchase(purchase.id),
          now,
          purchaseId: purchase.id,
        });
        if (applied.outcome === "otherSubscription") {
          if (duplicate === "throw") throw new DuplicateSubscriptionError(purchase.id);
          await recordPurchaseRefund(tx, userId, purchase.id, purchase.amountMinor);
          return { fulfilled: false, duplicate: true };
        }
        break;
      }
    }
    return { fulfilled: true, purchase };
  });
  if (outcome.purchase) captureServerEvent("purchase", userId, purchaseEvent(outcome.purchase));
  return outcome;
}

/** Spec §7 "Checkout or purchase": the plan or pack name, or the credit count of a top-up. */
function purchaseEvent(purchase: Purchase) {
  return {
    item_name: purchase.kind === "top_up" ? `${purchase.credits} credits` : purchase.itemId,
    value: purchase.amountMinor / 100,
    currency: purchase.currency.toUpperCase(),
  };
}
