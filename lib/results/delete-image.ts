import "server-only";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { findOwnedImage, markImageDeleted } from "@/db/queries/images";
import { deleteImageVariants } from "@/lib/images/image-variant-cache";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * Deleting one image from a results page, a gallery or the dashboard (spec §4 Delete, decision
 * 12). Only the owner's image is found. The stored file goes first and the row is marked
 * afterwards: if storage fails nothing has changed and the user can try again; if marking
 * fails the file is already gone and a retry finishes the job (deleting a missing file is not
 * an error). The row is kept, soft-deleted, so a retried job cannot bring the image back.
 */
export type DeleteImageOutcome = "deleted" | "notFound";

export async function deleteImage(
  db: DbOrTx,
  storage: ObjectStorage,
  params: { userId: string; imageId: string },
): Promise<DeleteImageOutcome> {
  if (!z.uuid().safeParse(params.imageId).success) return "notFound";
  const image = await findOwnedImage(db, params.userId, params.imageId);
  if (!image) return "notFound";
  // The smaller copies first: if that fails, the row is still there and a retry removes the rest.
  await deleteImageVariants(storage, image.storageKey);
  await storage.delete(image.storageKey);
  // A second delete racing this one may have marked it first; the image is gone either way.
  await markImageDeleted(db, params.userId, image.id);
  return "deleted";
}
