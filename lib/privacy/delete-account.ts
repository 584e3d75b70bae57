import "server-only";
import type { DbOrTx } from "@/db/client";
import { findProfile } from "@/db/queries/credits";
import { keepPaymentOfPendingRefunds } from "@/db/queries/orders";
import { deleteUserRow, listOwnedStorageKeys } from "@/db/queries/privacy";
import { hasLiveStripeSubscription } from "@/lib/billing/live-subscription";
import type { ObjectStorage } from "@/lib/storage/types";
import { deleteAllPhotos, deleteStoredFiles } from "./delete-photos";

/**
 * "Delete my account" (decision 12): the photos as in deleteAllPhotos, then the user row, from
 * which the profile, ledger, purchases, sessions, OAuth links and one-time tokens cascade.
 *
 * A live Stripe subscription is cancelled first, and open Checkout Sessions are expired: once
 * the row is gone no webhook could tie a payment to anyone, and the person would go on paying
 * (or pay for nothing). If either fails, nothing is deleted and the caller reports the
 * failure, so the user can try again. A paid order not delivered yet is refunded first, and a
 * refund still owed is kept when the account goes (order_refunds are not cascaded).
 */
export type CancelSubscription = (subscriptionId: string) => Promise<void>;
export type ExpireCheckouts = (userId: string) => Promise<void>;

export interface DeleteAccountOptions {
  db: DbOrTx;
  storage: ObjectStorage;
  /** Undefined when Stripe is not configured; a live subscription then cannot be cancelled here. */
  cancelSubscription?: CancelSubscription;
  /** Undefined when Stripe is not configured: test checkouts go with the user row. */
  expireCheckouts?: ExpireCheckouts;
  /** Sends the money refunds owed (sendPendingOrderRefunds); none are sent without it. */
  sendRefunds?: () => Promise<unknown>;
}


export async function deleteAccount(options: DeleteAccountOptions, userId: string): Promise<{ deleted: boolean }> {
  const { db, storage, cancelSubscription, expireCheckouts } = options;
  const profile = await findProfile(db, userId);
  if (profile?.stripeSubscriptionId && hasLiveStripeSubscription(profile) && cancelSubscription) {
    await cancelSubscription(profile.stripeSubscriptionId);
  }
  await expireCheckouts?.(userId);
  await deleteAllPhotos(db, storage, userId);
  // Paid orders not delivered are refunded at once; one Stripe cannot take now outlives the
  // account with the payment it goes back to, and the housekeeping keeps sending it.
  await options.sendRefunds?.();
  await keepPaymentOfPendingRefunds(db, userId);
  // Keys of rows a running job inserted meanwhile go with the user row; their files are
  // removed by the prefix sweep below.
  const lateKeys = await listOwnedStorageKeys(db, userId);
  const deleted = await deleteUserRow(db, userId);
  await deleteStoredFiles(storage, userId, lateKeys);
  return { deleted };
}
