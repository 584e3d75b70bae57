import "server-only";
import type { DbOrTx } from "@/db/client";
import { insertOrderRefund, listUndeliveredPaidOrdersOfUser } from "@/db/queries/orders";

/**
 * Paid cash packs whose photos are about to be deleted before they were delivered (queued or
 * running): each is owed its money back (decision 19), written here in the deleting
 * transaction and sent by sendPendingOrderRefunds right after. Returns how many were written.
 */
export async function settleUndeliveredOrders(tx: DbOrTx, userId: string): Promise<number> {
  let written = 0;
  for (const { purchase, numberShots } of await listUndeliveredPaidOrdersOfUser(tx, userId)) {
    const amountMinor = purchase.amountMinor - purchase.refundedMinor;
    if (amountMinor <= 0 || numberShots <= 0) continue;
    const refund = await insertOrderRefund(tx, {
      purchaseId: purchase.id,
      userId,
      generationId: purchase.generationId,
      reason: "order_closed",
      missingImages: numberShots,
      amountMinor,
      currency: purchase.currency,
    });
    if (refund) written += 1;
  }
  return written;
}
