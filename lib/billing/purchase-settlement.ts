import "server-only";
import type { DbOrTx } from "@/db/client";
import type { Purchase } from "@/db/schema";
import { findLedgerEntryByCause, sumPurchaseReversals } from "@/db/queries/credits";
import { causeKeys, releaseHold, takeBackCredits } from "@/lib/credits/ledger";

/**
 * What refunds and disputes do to the credits a top-up bought (decision 20). Each function
 * brings the ledger to the state the purchase's record asks for, so it may run again, and in
 * any order with fulfilment: a refund or dispute that lands before the payment is confirmed
 * is applied when the credits are granted. Cash packs and plans buy no credits: nothing here.
 */

async function creditsGranted(tx: DbOrTx, purchase: Purchase): Promise<boolean> {
  if (purchase.kind !== "top_up" || purchase.credits === 0) return false;
  return (await findLedgerEntryByCause(tx, purchase.userId, causeKeys.purchase(purchase.id))) !== undefined;
}

/** Credits bought by the refunded share of the price, rounded up: never keep credits not paid for. */
export function refundedCredits(purchase: Pick<Purchase, "credits" | "amountMinor" | "refundedMinor">): number {
  if (purchase.amountMinor === 0 || purchase.refundedMinor >= purchase.amountMinor) return purchase.credits;
  return Math.ceil((purchase.credits * purchase.refundedMinor) / purchase.amountMinor);
}

/** A refund takes back the credits it paid for, as far as bonus credits are left; the rest is recorded as unrecovered. */
export async function reverseRefundedCredits(tx: DbOrTx, purchase: Purchase): Promise<void> {
  if (purchase.refundedMinor === 0 || !(await creditsGranted(tx, purchase))) return;
  const missing = refundedCredits(purchase) - (await sumPurchaseReversals(tx, purchase.userId, purchase.id));
  if (missing <= 0) return;
  await takeBackCredits(tx, {
    userId: purchase.userId,
    amount: missing,
    kind: "reversal",
    causeKey: causeKeys.purchaseReversal(purchase.id, purchase.refundedMinor),
    purchaseId: purchase.id,
  });
}

/**
 * A dispute freezes what the purchase bought (a hold) until it closes: won gives the hold
 * back, lost keeps it for good, and a dispute lost before any hold takes the credits back.
 */
export async function settleDisputedCredits(tx: DbOrTx, purchase: Purchase): Promise<void> {
  const disputeId = purchase.stripeDisputeId;
  if (!disputeId || !purchase.disputeStatus || !(await creditsGranted(tx, purchase))) return;
  const { userId } = purchase;
  const holdKey = causeKeys.disputeHold(disputeId);
  const stillOwned = purchase.credits - (await sumPurchaseReversals(tx, userId, purchase.id));
  switch (purchase.disputeStatus) {
    case "open":
      if (stillOwned > 0) {
        await takeBackCredits(tx, { userId, amount: stillOwned, kind: "dispute_hold", causeKey: holdKey, purchaseId: purchase.id });
      }
      return;
    case "won":
      await releaseHold(tx, { userId, holdCauseKey: holdKey, causeKey: causeKeys.disputeRelease(disputeId), purchaseId: purchase.id });
      return;
    case "lost":
      if (stillOwned > 0 && !(await findLedgerEntryByCause(tx, userId, holdKey))) {
        await takeBackCredits(tx, { userId, amount: stillOwned, kind: "reversal", causeKey: causeKeys.disputeLost(disputeId), purchaseId: purchase.id });
      }
      return;
  }
}
