import type { DbOrTx } from "@/db/client";
import { findReferencedStorageKeys } from "@/db/queries/stored-files";
import { imageVariantSourceKeys, isAppObjectKey } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * Stored files that no row points to are deleted once they are older than a grace period. They
 * come from a crash between the two steps of a write: an upload is stored before its generation
 * row is committed, and a job's results before their image rows are; a soft-deleted image whose
 * file could not be removed at once ends up here too. The grace period leaves writes in
 * progress alone (a row is committed seconds after its file). Only keys of the app's own shape
 * are considered, so other objects in a shared bucket are never touched. A resized copy of an
 * image (lib/images/image-variant-cache.ts) counts as referenced while its source does. Local
 * disk and S3 alike; safe to run on several servers at once (deleting a missing file is not an
 * error).
 * No "server-only" guard: `npm run retention` imports it.
 */

/** Far longer than any write between storing a file and committing its row. */
export const UNREFERENCED_FILE_GRACE_MS = 60 * 60 * 1000;

export interface DeleteUnreferencedFilesOptions {
  db: DbOrTx;
  storage: ObjectStorage;
  now?: Date;
  graceMs?: number;
  /** Keys checked against the database per query. */
  batchSize?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface DeleteUnreferencedFilesResult {
  /** Files of the app's shape old enough to be judged. */
  checked: number;
  deleted: number;
  failed: number;
}

/** A stored file the sweep may delete, with the keys whose reference keeps it. */
interface Candidate {
  key: string;
  keeping: string[];
}

/** Its own key, or a resized copy's source's; null for a key not of the app's shape (never touched). */
function keepingKeysOf(key: string): string[] | null {
  return isAppObjectKey(key) ? [key] : imageVariantSourceKeys(key);
}

export async function deleteUnreferencedFiles(options: DeleteUnreferencedFilesOptions): Promise<DeleteUnreferencedFilesResult> {
  const now = options.now ?? new Date();
  const storedBefore = now.getTime() - (options.graceMs ?? UNREFERENCED_FILE_GRACE_MS);
  const batchSize = options.batchSize ?? 500;
  const result: DeleteUnreferencedFilesResult = { checked: 0, deleted: 0, failed: 0 };

  async function settle(batch: Candidate[]) {
    const referenced = await findReferencedStorageKeys(options.db, batch.flatMap(({ keeping }) => keeping));
    for (const { key, keeping } of batch) {
      if (keeping.some((keepingKey) => referenced.has(keepingKey))) continue;
      try {
        await options.storage.delete(key);
        result.deleted += 1;
      } catch (error) {
        result.failed += 1;
        options.log?.(`Could not delete the unreferenced file ${key}`, error);
      }
    }
  }

  let batch: Candidate[] = [];
  for await (const object of options.storage.list("")) {
    const keeping = keepingKeysOf(object.key);
    if (!keeping || object.lastModified.getTime() >= storedBefore) continue;
    result.checked += 1;
    batch.push({ key: object.key, keeping });
    if (batch.length >= batchSize) {
      await settle(batch);
      batch = [];
    }
  }
  await settle(batch);
  return result;
}
