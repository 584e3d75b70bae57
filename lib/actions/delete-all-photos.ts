"use server";

import { getDb } from "@/db";
import { billingContext } from "@/lib/billing/context";
import { expireCheckouts } from "@/lib/orders/expire-checkouts";
import { sendPendingOrderRefunds } from "@/lib/orders/order-refunds";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import { getStorage } from "@/lib/storage";
import { deletePhotosInput } from "@/lib/validations/privacy";
import { userAction } from "./safe-action";

/**
 * Privacy page: deletes every photo of the signed-in user (originals, results, edits); credits
 * stay. Checkouts of cash packs that were waiting for those photos are expired, and paid cash
 * packs not delivered yet are refunded.
 */
export const deleteAllPhotosAction = userAction(deletePhotosInput, async (_input, user) => {
  const { generations, closedCheckouts, refundsOwed } = await deleteAllPhotos(getDb(), getStorage(), user.id);
  await expireCheckouts(billingContext(), closedCheckouts);
  // Paid orders deleted before delivery: their refunds go out now (the housekeeping retries failures).
  if (refundsOwed > 0) await sendPendingOrderRefunds(billingContext());
  return { generations };
});
