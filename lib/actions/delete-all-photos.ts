"use server";

import { getDb } from "@/db";
import { billingContext } from "@/lib/billing/context";
import { expireCheckouts } from "@/lib/orders/expire-checkouts";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import { getStorage } from "@/lib/storage";
import { deletePhotosInput } from "@/lib/validations/privacy";
import { userAction } from "./safe-action";

/**
 * Privacy page: deletes every photo of the signed-in user (originals, results, edits); credits
 * stay. Checkouts of cash packs that were waiting for those photos are expired.
 */
export const deleteAllPhotosAction = userAction(deletePhotosInput, async (_input, user) => {
  const { generations, closedCheckouts } = await deleteAllPhotos(getDb(), getStorage(), user.id);
  await expireCheckouts(billingContext(), closedCheckouts);
  return { generations };
});
