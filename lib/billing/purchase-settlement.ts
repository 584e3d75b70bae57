import "server-only";
import type { DbOrTx } from "@/db/client";
import type { Purchase } from "@/db/schema";
import { findLedgerEntryByCause, listPurchaseHoldEntries, sumPurchaseReversals } from "@/db/queries/credits";
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

/** Credits of the purchase neither taken back by a refund nor recorded as spent before one. */
async function creditsStillOwned(tx: DbOrTx, purchase: Purchase): Promise<number> {
  return purchase.credits - (await sumPurchaseReversals(tx, purchase.userId, purchase.id));
}

/** The cause key of the dispute hold that still holds this purchase's credits (none once released). */
async function activeHoldKey(tx: DbOrTx, purchase: Purchase): Promise<string | undefined> {
  const entries = await listPurchaseHoldEntries(tx, purchase.userId, purchase.id);
  const released = new Set(entries.filter((e) => e.kind === "dispute_release").map((e) => e.causeKey));
  return entries.find((e) => e.kind === "dispute_hold" && !released.has(causeKeys.releaseOfHold(e.causeKey)))?.causeKey;
}

async function holdCredits(tx: DbOrTx, purchase: Purchase, disputeId: string, causeKey: string): Promise<void> {
  const amount = await creditsStillOwned(tx, purchase);
  if (amount <= 0) return;
  await takeBackCredits(tx, { userId: purchase.userId, amount, kind: "dispute_hold", causeKey, purchaseId: purchase.id });
}

/**
 * A refund takes back the credits it paid for, as far as bonus credits are left; the rest is
 * recorded as unrecovered. During a dispute the credits sit in its hold: the refund ends that
 * hold, takes its credits from what came back, and holds again only what it did not take, so
 * the dispute's outcome never gives back (or keeps) credits the refund already took.
 */
export async function reverseRefundedCredits(tx: DbOrTx, purchase: Purchase): Promise<void> {
  if (purchase.refundedMinor === 0 || !(await creditsGranted(tx, purchase))) return;
  const { userId, stripeDisputeId: disputeId } = purchase;
  const missing = refundedCredits(purchase) - (await sumPurchaseReversals(tx, userId, purchase.id));
  if (missing <= 0) return;
  const heldBy = disputeId ? await activeHoldKey(tx, purchase) : undefined;
  if (heldBy) await releaseHold(tx, { userId, holdCauseKey: heldBy, causeKey: causeKeys.releaseOfHold(heldBy), purchaseId: purchase.id });
  await takeBackCredits(tx, {
    userId,
    amount: missing,
    kind: "reversal",
    causeKey: causeKeys.purchaseReversal(purchase.id, purchase.refundedMinor),
    purchaseId: purchase.id,
  });
  if (heldBy && disputeId) await holdCredits(tx, purchase, disputeId, causeKeys.disputeHold(disputeId, purchase.refundedMinor));
}

/**
 * A dispute freezes what the purchase bought (a hold) until it closes: won gives the hold
 * back, lost keeps it for good, and a dispute lost before any hold takes the credits back.
 */
export async function settleDisputedCredits(tx: DbOrTx, purchase: Purchase): Promise<void> {
  const disputeId = purchase.stripeDisputeId;
  if (!disputeId || !purchase.disputeStatus || !(await creditsGranted(tx, purchase))) return;
  const { userId } = purchase;
  const firstHold = causeKeys.disputeHold(disputeId);
  switch (purchase.disputeStatus) {
    case "open":
      await holdCredits(tx, purchase, disputeId, firstHold);
      return;
    case "won": {
      const heldBy = await activeHoldKey(tx, purchase);
      if (heldBy) await releaseHold(tx, { userId, holdCauseKey: heldBy, causeKey: causeKeys.releaseOfHold(heldBy), purchaseId: purchase.id });
      return;
    }
    case "lost": {
      const stillOwned = await creditsStillOwned(tx, purchase);
      if (stillOwned > 0 && !(await findLedgerEntryByCause(tx, userId, firstHold))) {
        await takeBackCredits(tx, { userId, amount: stillOwned, kind: "reversal", causeKey: causeKeys.disputeLost(disputeId), purchaseId: purchase.id });
      }
      return;
    }
  }
}
