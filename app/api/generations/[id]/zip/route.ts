import { z } from "zod";
import { getDb } from "@/db";
import { findOwnedGeneration, listOwnedGenerationImages } from "@/db/queries/images";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";
import { nodeStreamToWeb } from "@/lib/api/node-stream-to-web";
import { contentDispositionHeader } from "@/lib/downloads/content-disposition";
import { imageDownloadFileName, zipDownloadFileName } from "@/lib/downloads/download-file-names";
import { zipStoredImages } from "@/lib/downloads/zip-stored-images";
import { getStorage } from "@/lib/storage";

/**
 * GET /api/generations/{id}/zip: "Download All" (spec §2). The zip is streamed while it is
 * built, one image at a time, so memory stays flat; only the owner's own images go in.
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const userId = await currentUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw new NotFoundError();

  const db = getDb();
  const generation = await findOwnedGeneration(db, userId, id);
  if (!generation) throw new NotFoundError();
  const images = await listOwnedGenerationImages(db, userId, id);
  if (images.length === 0) throw new NotFoundError("This generation has no images");

  const entries = images.map((image) => ({
    key: image.storageKey,
    fileName: imageDownloadFileName(generation, image.position + 1, image.contentType),
  }));
  const zip = zipStoredImages(getStorage(), entries, {
    onMissing: (entry) => console.error(`Zip of generation ${id}: no stored file for ${entry.fileName}`),
    onError: (error) => console.error(`Zip of generation ${id} failed`, error),
  });
  return new Response(nodeStreamToWeb(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDispositionHeader("attachment", zipDownloadFileName(generation)),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
