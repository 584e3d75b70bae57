import "server-only";
import type { DbOrTx } from "@/db/client";
import type { Purchase } from "@/db/schema";
import { markPurchasePaid } from "@/db/queries/purchases";
import { captureServerEvent } from "@/lib/analytics/server-events";
import { causeKeys, grantCredits } from "@/lib/credits/ledger";
import { applySubscriptionSnapshot, type SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { onCashPackPaid } from "./cash-pack";

/**
 * Delivering what a paid purchase bought. The Stripe webhook and the built-in test checkout
 * both come through here (decision 8), so the test checkout exercises the real path.
 * It runs in one transaction: the purchase turns paid exactly once, and whatever it grants is
 * written with it, or nothing is.
 */
export async function fulfillPurchase(
  db: DbOrTx,
  params: { userId: string; purchaseId: string; now: Date; subscription?: SubscriptionSnapshot },
): Promise<{ fulfilled: boolean; purchase?: Purchase }> {
  const { userId, purchaseId, now, subscription } = params;
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
        break;
      case "cash_pack":
        await onCashPackPaid(tx, purchase);
        break;
      case "subscription":
        if (!subscription) throw new Error(`Subscription purchase ${purchase.id} was paid without its subscription`);
        await applySubscriptionSnapshot(tx, {
          userId,
          snapshot: subscription,
          causeKey: causeKeys.purchase(purchase.id),
          now,
        });
        break;
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
