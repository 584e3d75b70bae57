import { and, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generationImages, generations } from "@/db/schema";

/**
 * Which stored files rows still point at, for the sweep of unreferenced files: uploaded originals
 * of generations and images that are not deleted. Reads across owners (housekeeping only).
 */
export async function findReferencedStorageKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const originals = await db
    .select({ key: generations.originalImageKey })
    .from(generations)
    .where(inArray(generations.originalImageKey, list));
  const results = await db
    .select({ key: generationImages.storageKey })
    .from(generationImages)
    .where(and(inArray(generationImages.storageKey, list), isNull(generationImages.deletedAt)));
  return new Set([...originals, ...results].flatMap((row) => (row.key ? [row.key] : [])));
}
