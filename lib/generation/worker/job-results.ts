import { captureServerEvent } from "@/lib/analytics/server-events";
import type { Database } from "@/db/client";
import { insertJobImages, lockHeldJob, markJobComplete, type ClaimedJob } from "@/db/queries/generation-jobs";
import { storeImage, type StoredImage } from "@/lib/images/store-image";
import type { ObjectStorage } from "@/lib/storage/types";
import { JobFailure } from "../errors";
import { insertLikenessChecks } from "@/db/queries/likeness-checks";
import { settleJobMoney } from "./job-money";
import { likenessCheckRows, type LikenessCheckRecord } from "./likeness-guard";

/**
 * The end of a successful job: each engine image passes the image intake (decoded, re-encoded,
 * stripped of metadata) and is stored privately; then, in one transaction that first checks
 * the lease is still ours, the image rows are written with the likeness guard's checks, the job is
 * marked complete and what the missing images cost is given back (decision 19: only what was
 * delivered is charged).
 */

/** Results are kept larger than uploads: engines may return high-resolution images. */
export const resultMaxDimension = 2048;

export async function storeResults(storage: ObjectStorage, job: ClaimedJob, images: Uint8Array[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const bytes of images) {
      const result = await storeImage({ storage, ownerId: job.userId, kind: "results", bytes, maxDimension: resultMaxDimension });
      if (!result.ok) {
        const reason = result.error.code === "tooLarge" || result.error.code === "tooManyPixels" ? "resultTooLarge" : "invalidResultImage";
        throw new JobFailure(reason, `Engine image refused by the intake: ${result.error.code} ${result.error.detail ?? ""}`.trim());
      }
      stored.push(result.image);
    }
    return stored;
  } catch (error) {
    await Promise.allSettled(stored.map((image) => storage.delete(image.key)));
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ("code" in current && current.code === "23505") return true;
  }
  return false;
}

/** True when the results were committed; false when the job was no longer ours to finish. */
export async function saveResults(
  db: Database,
  params: { job: ClaimedJob; engine: string; images: StoredImage[]; likenessChecks?: readonly LikenessCheckRecord[] },
): Promise<boolean> {
  const { job, images } = params;
  try {
    const completed = await db.transaction(async (tx) => {
      const held = await lockHeldJob(tx, { id: job.id, claimToken: job.claimToken });
      if (!held) return false;
      const rows = await insertJobImages(
        tx,
        images.map((image, position) => ({
          generationId: job.id,
          userId: job.userId,
          storageKey: image.key,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          byteSize: image.byteSize,
          position,
          sourceImageId: job.tool === "edit" ? job.parentImageId : null,
        })),
      );
      await insertLikenessChecks(tx, likenessCheckRows(job.id, params.likenessChecks ?? [], rows.map((row) => row.id)));
      if (!(await markJobComplete(tx, { id: job.id, claimToken: job.claimToken, engine: params.engine }))) return false;
      await settleJobMoney(tx, job, images.length);
      return true;
    });
    if (completed) captureServerEvent("generation_completed", job.userId, { generation_id: job.id, tool: job.tool });
    return completed;
  } catch (error) {
    // Another run of this job already stored its images: this one lost the race.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function discardStoredResults(
  storage: ObjectStorage,
  keys: readonly string[],
  log: Pick<Console, "warn">,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === "rejected") log.warn("[worker] could not delete an unused result image", result.reason);
  }
}
