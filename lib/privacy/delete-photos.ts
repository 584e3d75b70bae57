import "server-only";
import type { DbOrTx } from "@/db/client";
import type { PaymentProvider } from "@/db/schema";
import { closePendingOrdersOfUser } from "@/db/queries/orders";
import { deleteOwnedGenerations, listOwnedStorageKeys } from "@/db/queries/privacy";
import { settleUndeliveredOrders } from "@/lib/orders/settle-undelivered";
import { ownerPrefix } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * "Delete all my photos" (decision 12): every generation of the user with its uploaded original,
 * results and edits, rows and files. Credits are not touched: ledger rows only lose their link.
 * A cash pack still waiting for its payment is closed with them, so no payment can buy a
 * generation that is gone; the caller expires those checkouts (`closedCheckouts`), and a
 * payment that lands anyway is refunded (lib/billing/cash-pack.ts). A paid cash pack not yet
 * delivered is owed its money back: the refund is written with the deletion, and the caller
 * sends it (`refundsOwed`).
 *
 * The rows go first, in one transaction, so the photos disappear from every page at once. Then
 * the files: the keys the rows named plus everything stored under the user's prefix, which also
 * catches a file a running job stored after the rows were read. Deleting a missing file is not
 * an error, so when storage fails half-way a second call finishes the job.
 */
export interface DeletePhotosResult {
  generations: number;
  files: number;
  closedCheckouts: { provider: PaymentProvider; checkoutSessionId: string | null }[];
  refundsOwed: number;
}

export async function deleteAllPhotos(db: DbOrTx, storage: ObjectStorage, userId: string): Promise<DeletePhotosResult> {
  const { keys, generations, closedCheckouts, refundsOwed } = await db.transaction(async (tx) => {
    const keys = await listOwnedStorageKeys(tx, userId);
    const closedCheckouts = await closePendingOrdersOfUser(tx, userId);
    const refundsOwed = await settleUndeliveredOrders(tx, userId);
    return { keys, closedCheckouts, refundsOwed, generations: await deleteOwnedGenerations(tx, userId) };
  });
  const files = await deleteStoredFiles(storage, userId, keys);
  return { generations, files, closedCheckouts, refundsOwed };
}

/** Deletes the named keys and anything else under the owner's prefix; answers how many keys. */
export async function deleteStoredFiles(storage: ObjectStorage, userId: string, knownKeys: readonly string[]): Promise<number> {
  const keys = new Set(knownKeys);
  for await (const object of storage.list(ownerPrefix(userId))) keys.add(object.key);
  for (const key of keys) await storage.delete(key);
  return keys.size;
}
