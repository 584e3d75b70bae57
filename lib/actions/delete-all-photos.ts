"use server";

import { getDb } from "@/db";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import { getStorage } from "@/lib/storage";
import { deletePhotosInput } from "@/lib/validations/privacy";
import { userAction } from "./safe-action";

/** Privacy page: deletes every photo of the signed-in user (originals, results, edits); credits stay. */
export const deleteAllPhotosAction = userAction(deletePhotosInput, async (_input, user) => {
  const { generations } = await deleteAllPhotos(getDb(), getStorage(), user.id);
  return { generations };
});
