import "server-only";
import {
  closePendingOrdersOfGenerations,
  deleteWaitingGenerations,
  lockAbandonedOrderGenerations,
} from "@/db/queries/orders";
import type { DbOrTx } from "@/db/client";
import type { BillingContext } from "@/lib/billing/context";
import type { ObjectStorage } from "@/lib/storage/types";
import { expireCheckouts } from "./expire-checkouts";
import { sendPendingOrderRefunds } from "./order-refunds";

/**
 * The periodic work of paid orders (ORDERS_INTERVAL_MINUTES, lib/scheduling): the refunds
 * still owed are sent, and cash-pack orders left unpaid for 24 hours are cleaned up: their
 * open checkouts closed, the generation that waited for the payment and its uploaded photo
 * deleted (issue 15 story 7). Safe on several servers at once: rows are claimed with SKIP
 * LOCKED, and deleting a missing file is not an error.
 */

export const abandonedOrderAfterMs = 24 * 60 * 60 * 1000;

export interface AbandonedOrdersResult {
  orders: number;
  files: number;
}

export async function cleanUpAbandonedOrders(
  ctx: BillingContext,
  storage: ObjectStorage,
  options: { batchSize?: number } = {},
): Promise<AbandonedOrdersResult> {
  const createdBefore = new Date(ctx.now().getTime() - abandonedOrderAfterMs);
  const batchSize = options.batchSize ?? 100;
  const result: AbandonedOrdersResult = { orders: 0, files: 0 };
  for (;;) {
    const { abandoned, closed, files } = await ctx.db.transaction(async (tx) => {
      const abandoned = await lockAbandonedOrderGenerations(tx, createdBefore, batchSize);
      return { abandoned, ...(await deleteWaitingOrders(tx, storage, abandoned)) };
    });
    if (abandoned.length === 0) return result;
    result.orders += abandoned.length;
    result.files += files;
    await expireCheckouts(ctx, closed);
    if (abandoned.length < batchSize) return result;
  }
}

/**
 * Deletes orders still waiting for their payment, whose rows the caller has locked in `tx`:
 * their open purchases closed, their photos and rows deleted. Answers the checkouts to expire
 * at the payment provider once `tx` has committed (expireCheckouts).
 */
export async function deleteWaitingOrders(
  tx: DbOrTx,
  storage: ObjectStorage,
  orders: readonly { id: string; originalImageKey: string | null }[],
) {
  const ids = orders.map((row) => row.id);
  // Closed before the rows go: deleting a generation unlinks its purchases.
  const closed = await closePendingOrdersOfGenerations(tx, ids);
  // The photos go while the rows are locked; if storage fails, the rows stay for the next run.
  const keys = orders.flatMap((row) => (row.originalImageKey ? [row.originalImageKey] : []));
  for (const key of keys) await storage.delete(key);
  await deleteWaitingGenerations(tx, ids);
  return { closed, files: keys.length };
}

export async function runOrderHousekeeping(ctx: BillingContext, storage: ObjectStorage): Promise<void> {
  await sendPendingOrderRefunds(ctx);
  await cleanUpAbandonedOrders(ctx, storage);
}
