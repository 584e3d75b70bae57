"use server";

import { getDb } from "@/db";
import { deleteImage } from "@/lib/results/delete-image";
import { getStorage } from "@/lib/storage";
import { deleteImageInput } from "@/lib/validations/results";
import { ActionError, userAction } from "./safe-action";

/**
 * Removes one of the user's images from its generation (spec §4 Delete): the file is deleted
 * from storage and the row soft-deleted. Someone else's image is "not found", like a missing one.
 */
export const deleteImageAction = userAction(deleteImageInput, async ({ imageId }, user) => {
  const outcome = await deleteImage(getDb(), getStorage(), { userId: user.id, imageId });
  if (outcome === "notFound") throw new ActionError("errors.imageNotFound");
  return { imageId };
});
