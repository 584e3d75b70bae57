import { and, asc, eq, inArray, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generationImages, generations, type GenerationTool, type NewGenerationImage } from "@/db/schema";

/**
 * The job queue on the generations table (decision 10). These run for workers, not for a
 * signed-in user, so they are not scoped by owner; every write a worker makes to a running
 * job is conditional on it still holding the lease (`locked_by`), which is what keeps one job
 * from being finished twice when a lease was lost and the job was claimed again elsewhere.
 * Times come from the database clock so several servers agree on them.
 */

const millis = (ms: number) => sql`(${Math.round(ms)}::int * interval '1 millisecond')`;

/** `now() + timeLimit(tool)` as one CASE, so a claim sets each job's deadline in one UPDATE. */
function deadlineFromNow(timeLimits: Readonly<Record<GenerationTool, number>>): SQL {
  const branches = Object.entries(timeLimits).map(
    ([tool, ms]) => sql`when ${generations.tool} = ${tool}::generation_tool then ${millis(ms)}`,
  );
  return sql`now() + (case ${sql.join(branches, sql` `)} end)`;
}

/**
 * Takes up to `limit` runnable jobs (pending, run_after passed), oldest first, for `workerId`.
 * `FOR UPDATE SKIP LOCKED` lets concurrent claimers pass over each other's rows instead of
 * waiting or taking the same one. The deadline is set on the first claim and kept on retries.
 */
export async function claimJobs(
  db: DbOrTx,
  params: { workerId: string; limit: number; leaseMs: number; timeLimits: Readonly<Record<GenerationTool, number>> },
) {
  const runnable = db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.status, "pending"), isNotNull(generations.runAfter), lte(generations.runAfter, sql`now()`)))
    .orderBy(asc(generations.runAfter), asc(generations.createdAt))
    .limit(params.limit)
    .for("update", { skipLocked: true });
  return db
    .update(generations)
    .set({
      status: "processing",
      lockedBy: params.workerId,
      leaseExpiresAt: sql`now() + ${millis(params.leaseMs)}`,
      attempts: sql`${generations.attempts} + 1`,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      deadlineAt: sql`coalesce(${generations.deadlineAt}, ${deadlineFromNow(params.timeLimits)})`,
    })
    .where(and(inArray(generations.id, runnable), eq(generations.status, "pending")))
    .returning();
}

export type ClaimedJob = Awaited<ReturnType<typeof claimJobs>>[number];

function heldBy(id: string, workerId: string) {
  return and(eq(generations.id, id), eq(generations.lockedBy, workerId), eq(generations.status, "processing"));
}

/** The heartbeat: true while the worker still holds the job. */
export async function extendLease(db: DbOrTx, params: { id: string; workerId: string; leaseMs: number }) {
  const updated = await db
    .update(generations)
    .set({ leaseExpiresAt: sql`now() + ${millis(params.leaseMs)}` })
    .where(heldBy(params.id, params.workerId))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Progress only moves forward, and only while the worker holds the job. */
export async function setJobProgress(db: DbOrTx, params: { id: string; workerId: string; progress: number }) {
  const updated = await db
    .update(generations)
    .set({ progress: sql`greatest(${generations.progress}, ${Math.round(params.progress)}::int)` })
    .where(heldBy(params.id, params.workerId))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Locks the job row for the rest of the transaction if `workerId` still holds it. */
export async function lockHeldJob(tx: DbOrTx, params: { id: string; workerId: string }) {
  const [row] = await tx
    .select({ id: generations.id, userId: generations.userId })
    .from(generations)
    .where(heldBy(params.id, params.workerId))
    .for("update");
  return row;
}

export async function insertJobImages(tx: DbOrTx, images: NewGenerationImage[]) {
  if (images.length === 0) return [];
  return tx.insert(generationImages).values(images).returning({ id: generationImages.id });
}

export async function markJobComplete(tx: DbOrTx, params: { id: string; workerId: string; engine: string }) {
  const updated = await tx
    .update(generations)
    .set({
      status: "complete",
      progress: 100,
      engine: params.engine,
      lockedBy: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(heldBy(params.id, params.workerId))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/**
 * Fails a job that has not ended yet. With `workerId` only if that worker holds it (a worker
 * failing its own job); without, whatever state it is in (the recovery of abandoned jobs).
 * Returns the owner, cost and size when this call failed it, so the caller refunds exactly once.
 */
export async function markJobFailed(
  tx: DbOrTx,
  params: { id: string; errorKey: string; errorMessage: string; errorDetail?: string | null; workerId?: string },
) {
  const unfinished = inArray(generations.status, ["pending", "processing"]);
  const [row] = await tx
    .update(generations)
    .set({
      status: "failed",
      errorKey: params.errorKey,
      errorMessage: params.errorMessage.slice(0, 2000),
      errorDetail: params.errorDetail ?? null,
      lockedBy: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(
      params.workerId
        ? heldBy(params.id, params.workerId)
        : and(eq(generations.id, params.id), unfinished),
    )
    .returning({
      id: generations.id,
      userId: generations.userId,
      tool: generations.tool,
      creditsCost: generations.creditsCost,
      numberShots: generations.numberShots,
    });
  return row;
}

/** Jobs whose worker stopped renewing the lease (it died or hung), locked for the caller. */
export async function lockExpiredLeases(tx: DbOrTx, limit: number) {
  return tx
    .select({ id: generations.id, attempts: generations.attempts, lockedBy: generations.lockedBy })
    .from(generations)
    .where(and(eq(generations.status, "processing"), lt(generations.leaseExpiresAt, sql`now()`)))
    .orderBy(asc(generations.leaseExpiresAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Unfinished jobs past their time limit, locked for the caller. */
export async function lockJobsPastDeadline(tx: DbOrTx, limit: number) {
  return tx
    .select({ id: generations.id })
    .from(generations)
    .where(and(inArray(generations.status, ["pending", "processing"]), lt(generations.deadlineAt, sql`now()`)))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Puts a job back in the queue for another worker; `lockedBy` guards against a concurrent claim. */
export async function requeueJob(
  tx: DbOrTx,
  params: { id: string; lockedBy: string | null; refundAttempt?: boolean },
) {
  const updated = await tx
    .update(generations)
    .set({
      status: "pending",
      lockedBy: null,
      leaseExpiresAt: null,
      runAfter: sql`now()`,
      // A job handed back on a clean shutdown did not fail; it keeps its attempts.
      ...(params.refundAttempt ? { attempts: sql`greatest(${generations.attempts} - 1, 0)` } : {}),
    })
    .where(
      and(
        eq(generations.id, params.id),
        eq(generations.status, "processing"),
        params.lockedBy === null ? sql`${generations.lockedBy} is null` : eq(generations.lockedBy, params.lockedBy),
      ),
    )
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** The stored image a job works from: its upload, or for an edit the image being edited. */
export async function findJobSource(db: DbOrTx, jobId: string) {
  const [row] = await db
    .select({
      originalImageKey: generations.originalImageKey,
      parentImageKey: generationImages.storageKey,
      parentImageDeletedAt: generationImages.deletedAt,
    })
    .from(generations)
    .leftJoin(generationImages, eq(generationImages.id, generations.parentImageId))
    .where(eq(generations.id, jobId))
    .limit(1);
  return row;
}
