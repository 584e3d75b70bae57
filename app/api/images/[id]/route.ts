import type { NextRequest } from "next/server";
import { z } from "zod";
import { getDb } from "@/db";
import { findOwnedImage } from "@/db/queries/images";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";
import { storedObjectResponse } from "@/lib/api/stored-object-response";
import { storedImageDownloadFileName } from "@/lib/downloads/download-file-names";
import { rootToolOf } from "@/lib/generation/edit-input";
import { readImageVariant } from "@/lib/images/image-variant-cache";
import { imageVariantWidths, isImageVariantWidth } from "@/lib/images/image-variants";
import { getStorage } from "@/lib/storage";

/**
 * GET /api/images/{id}[?download=1 | ?w=<width>]: one stored image, for its owner only. Anyone
 * else, signed out included, gets the same 404 as for an image that does not exist (decision
 * 12). `w` (one of imageVariantWidths) asks for a smaller copy for a tile; a download is always
 * the full image.
 */
export const dynamic = "force-dynamic";

const querySchema = z
  .object({
    download: z.enum(["0", "1"]).optional(),
    w: z.coerce
      .number()
      .int()
      .refine(isImageVariantWidth, { message: `One of ${imageVariantWidths.join(", ")}` })
      .optional(),
  })
  .refine((query) => !(query.download === "1" && query.w), { message: "A download is the full image", path: ["w"] });

export const GET = withErrorHandling(async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const userId = await currentUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw new NotFoundError();
  const query = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));

  // Owner first: a deleted or foreign image's cached copies are never looked up.
  const image = await findOwnedImage(getDb(), userId, id);
  if (!image) throw new NotFoundError();
  const width = query.w;
  // An image no wider than the copy asked for is its own best copy.
  const wantsVariant = width !== undefined && (image.width === null || image.width > width);
  const accept = request.headers.get("accept");
  const object = wantsVariant ? await readImageVariant(getStorage(), image, width, accept) : await getStorage().get(image.storageKey);
  if (!object) {
    console.error(`Image ${image.id} has a row but no stored file`);
    throw new NotFoundError();
  }
  const isEdit = image.tool === "edit";
  const fileName = storedImageDownloadFileName(
    { tool: rootToolOf(image) ?? image.tool, category: image.category },
    { ...image, contentType: object.contentType, isEdit },
  );
  // An image id always names the same bytes, so the owner's browser may keep it for an hour.
  const response = storedObjectResponse(object, { fileName, download: query.download === "1", maxAgeSeconds: 3600 });
  // A copy's format follows the browser's Accept header.
  if (wantsVariant) response.headers.append("Vary", "Accept");
  return response;
});
