import type { NextRequest } from "next/server";
import { z } from "zod";
import { getDb } from "@/db";
import { findOwnedImage } from "@/db/queries/images";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";
import { storedObjectResponse } from "@/lib/api/stored-object-response";
import { storedImageDownloadFileName } from "@/lib/downloads/download-file-names";
import { rootToolOf } from "@/lib/generation/edit-input";
import { getStorage } from "@/lib/storage";

/**
 * GET /api/images/{id}[?download=1]: one stored image, for its owner only. Anyone else, signed
 * out included, gets the same 404 as for an image that does not exist (decision 12).
 */
export const dynamic = "force-dynamic";

const querySchema = z.object({ download: z.enum(["0", "1"]).optional() });

export const GET = withErrorHandling(async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const userId = await currentUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw new NotFoundError();
  const query = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));

  const image = await findOwnedImage(getDb(), userId, id);
  if (!image) throw new NotFoundError();
  const object = await getStorage().get(image.storageKey);
  if (!object) {
    console.error(`Image ${image.id} has a row but no stored file`);
    throw new NotFoundError();
  }
  const isEdit = image.tool === "edit";
  const fileName = storedImageDownloadFileName({ tool: rootToolOf(image) ?? image.tool, category: image.category }, { ...image, isEdit });
  // An image id always names the same bytes, so the owner's browser may keep it for an hour.
  return storedObjectResponse(object, { fileName, download: query.download === "1", maxAgeSeconds: 3600 });
});
