import "server-only";
import type { DbOrTx } from "@/db/client";
import { releaseWaitingGeneration } from "@/db/queries/generations";
import { insertOrderRefund } from "@/db/queries/orders";
import type { Purchase } from "@/db/schema";
import { findCashPack } from "@/lib/catalog/headshot-packages";
import { wakeWorkers } from "@/lib/scheduling/job-queue-signal";

/**
 * The seam between payments and the headshot pipeline (decision 7: paying for a cash pack
 * starts that headshot generation once the payment is confirmed). Called once per paid cash
 * pack, inside the transaction that marks the purchase paid.
 *
 * The headshot flow stores its generation before checkout, waiting (run_after null), and names
 * it on the purchase; the payment releases it to the job queue. A payment that cannot buy
 * anything any more (decision 19) is refunded in full instead: the order was closed and its
 * generation deleted (all photos deleted, or the unpaid order cleaned up after 24 hours), or
 * the generation was already paid by another checkout of the same order.
 */
export async function onCashPackPaid(tx: DbOrTx, purchase: Purchase): Promise<{ generationReleased: boolean }> {
  if (purchase.generationId && (await releaseWaitingGeneration(tx, purchase.generationId, purchase.userId))) {
    wakeWorkers();
    return { generationReleased: true };
  }
  console.warn(`[billing] cash pack ${purchase.id} was paid for an order that can no longer be delivered; refunding it`);
  await insertOrderRefund(tx, {
    purchaseId: purchase.id,
    userId: purchase.userId,
    reason: "order_closed",
    missingImages: findCashPack(purchase.itemId)?.headshots ?? 1,
    amountMinor: purchase.amountMinor,
    currency: purchase.currency,
  });
  return { generationReleased: false };
}
