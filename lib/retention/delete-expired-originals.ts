import type { DbOrTx } from "@/db/client";
import { listExpiredOriginals, markOriginalDeleted } from "@/db/queries/images";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * Decision 12: uploaded originals are deleted 30 days after their generation was created;
 * generated results stay. The file goes first, then the row forgets the key and records when,
 * so a crash in between only leaves a row that the next run finishes (deleting a missing file
 * is not an error). Callable from a scheduler and from `npm run retention`; no "server-only"
 * guard so the script can import it.
 */
export const ORIGINALS_RETENTION_DAYS = 30;

export interface DeleteExpiredOriginalsOptions {
  db: DbOrTx;
  storage: ObjectStorage;
  now?: Date;
  retentionDays?: number;
  batchSize?: number;
  /** A run stops after this many failures rather than retrying a broken storage forever. */
  maxFailures?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface DeleteExpiredOriginalsResult {
  deleted: number;
  failed: number;
}

const dayMs = 24 * 60 * 60 * 1000;

export async function deleteExpiredOriginals(options: DeleteExpiredOriginalsOptions): Promise<DeleteExpiredOriginalsResult> {
  const now = options.now ?? new Date();
  const createdBefore = new Date(now.getTime() - (options.retentionDays ?? ORIGINALS_RETENTION_DAYS) * dayMs);
  const batchSize = options.batchSize ?? 100;
  const maxFailures = options.maxFailures ?? 100;
  const failedIds: string[] = [];
  let deleted = 0;

  while (failedIds.length < maxFailures) {
    const batch = await listExpiredOriginals(options.db, { createdBefore, limit: batchSize, excludeIds: failedIds });
    if (batch.length === 0) break;
    for (const row of batch) {
      if (!row.originalImageKey) continue;
      try {
        await options.storage.delete(row.originalImageKey);
        if (await markOriginalDeleted(options.db, { generationId: row.id, storageKey: row.originalImageKey, deletedAt: now })) {
          deleted += 1;
        }
      } catch (error) {
        failedIds.push(row.id);
        options.log?.(`Could not delete the original of generation ${row.id}`, error);
      }
    }
  }
  return { deleted, failed: failedIds.length };
}
