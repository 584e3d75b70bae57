import { and, asc, count, eq, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generationImages, generations } from "@/db/schema";

/**
 * Stored images and uploaded originals. Every lookup a request makes is scoped by the owner:
 * an image of someone else is simply not found. Only the retention sweep reads across owners.
 */

/**
 * One of the user's images with the generation it belongs to (for the image route, delete and
 * edit); undefined when missing, deleted or not the user's.
 */
export async function findOwnedImage(db: DbOrTx, userId: string, imageId: string) {
  const [image] = await db
    .select({
      id: generationImages.id,
      storageKey: generationImages.storageKey,
      contentType: generationImages.contentType,
      byteSize: generationImages.byteSize,
      width: generationImages.width,
      position: generationImages.position,
      generationId: generationImages.generationId,
      tool: generations.tool,
      category: generations.category,
      input: generations.input,
    })
    .from(generationImages)
    .innerJoin(generations, eq(generations.id, generationImages.generationId))
    .where(
      and(
        eq(generationImages.id, imageId),
        eq(generationImages.userId, userId),
        eq(generations.userId, userId),
        isNull(generationImages.deletedAt),
      ),
    )
    .limit(1);
  return image;
}

export type OwnedImage = NonNullable<Awaited<ReturnType<typeof findOwnedImage>>>;

/**
 * Soft-deletes one of the user's images (the row stays so a retried job cannot store it again).
 * True only for the call that deleted it; another user's image is never touched.
 */
export async function markImageDeleted(db: DbOrTx, userId: string, imageId: string): Promise<boolean> {
  const updated = await db
    .update(generationImages)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(generationImages.id, imageId), eq(generationImages.userId, userId), isNull(generationImages.deletedAt)))
    .returning({ id: generationImages.id });
  return updated.length > 0;
}

export async function findOwnedGeneration(db: DbOrTx, userId: string, generationId: string) {
  const [generation] = await db
    .select({ id: generations.id, tool: generations.tool, category: generations.category, status: generations.status })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.userId, userId)))
    .limit(1);
  return generation;
}

/** The images of one of the user's generations, in their order, without deleted ones. */
export async function listOwnedGenerationImages(db: DbOrTx, userId: string, generationId: string) {
  return db
    .select({
      id: generationImages.id,
      storageKey: generationImages.storageKey,
      contentType: generationImages.contentType,
      position: generationImages.position,
    })
    .from(generationImages)
    .where(
      and(
        eq(generationImages.generationId, generationId),
        eq(generationImages.userId, userId),
        isNull(generationImages.deletedAt),
      ),
    )
    .orderBy(asc(generationImages.position));
}

/** How many of the images of one of the user's generations were deleted. */
export async function countDeletedGenerationImages(db: DbOrTx, userId: string, generationId: string): Promise<number> {
  const [row] = await db
    .select({ deleted: count() })
    .from(generationImages)
    .where(
      and(
        eq(generationImages.generationId, generationId),
        eq(generationImages.userId, userId),
        isNotNull(generationImages.deletedAt),
      ),
    );
  return row?.deleted ?? 0;
}

/**
 * Generations created before `createdBefore` that still point at an uploaded original, oldest
 * first (served by the partial index generations_original_sweep_idx). Rows the sweep already
 * failed on in this run are skipped through `excludeIds`; done rows drop out by themselves.
 */
export async function listExpiredOriginals(
  db: DbOrTx,
  options: { createdBefore: Date; limit: number; excludeIds?: readonly string[] },
) {
  const excluded = options.excludeIds ?? [];
  return db
    .select({ id: generations.id, originalImageKey: generations.originalImageKey })
    .from(generations)
    .where(
      and(
        isNotNull(generations.originalImageKey),
        lt(generations.createdAt, options.createdBefore),
        excluded.length > 0 ? notInArray(generations.id, [...excluded]) : undefined,
      ),
    )
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(options.limit);
}

/** Forgets a deleted original; only if the row still points at that key. True when it did. */
export async function markOriginalDeleted(
  db: DbOrTx,
  options: { generationId: string; storageKey: string; deletedAt: Date },
): Promise<boolean> {
  const updated = await db
    .update(generations)
    .set({ originalImageKey: null, originalDeletedAt: options.deletedAt })
    .where(and(eq(generations.id, options.generationId), eq(generations.originalImageKey, options.storageKey)))
    .returning({ id: generations.id });
  return updated.length > 0;
}
