import { and, asc, eq, inArray, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { enginePredictions, generationImages, generations, type EngineUsage, type GenerationTool, type NewGenerationImage } from "@/db/schema";

/**
 * The job queue on the generations table (decision 10). These run for workers, not for a
 * signed-in user, so they are not scoped by owner. Every claim gets a fresh `claim_token`, and
 * every write a run makes to its job is conditional on that token: a run that lost its lease
 * can never write once the job was claimed again, by another worker or by the same one.
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
 * The ids are read once into an array (an InitPlan): as `id IN (subquery)` PostgreSQL may rescan
 * the subquery for every row, each rescan skipping the rows this UPDATE just changed and locking
 * the next ones, so one claim took the whole queue past `limit`.
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
  const claimed = await db
    .update(generations)
    .set({
      status: "processing",
      lockedBy: params.workerId,
      claimToken: sql`gen_random_uuid()`,
      leaseExpiresAt: sql`now() + ${millis(params.leaseMs)}`,
      attempts: sql`${generations.attempts} + 1`,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      deadlineAt: sql`coalesce(${generations.deadlineAt}, ${deadlineFromNow(params.timeLimits)})`,
    })
    .where(and(sql`${generations.id} = any(array(${runnable}))`, eq(generations.status, "pending")))
    .returning();
  return claimed.map(withClaimToken);
}

/** Narrows a claimed row: the UPDATE above always sets the token. */
function withClaimToken<T extends { claimToken: string | null }>(row: T): T & { claimToken: string } {
  const { claimToken } = row;
  if (!claimToken) throw new Error("A claimed job has no claim token");
  return { ...row, claimToken };
}

export type ClaimedJob = Awaited<ReturnType<typeof claimJobs>>[number];

/** The claim a run holds: its job, still processing under the token it was claimed with. */
function heldBy(id: string, claimToken: string) {
  return and(eq(generations.id, id), eq(generations.claimToken, claimToken), eq(generations.status, "processing"));
}

/** The heartbeat: true while the claim still holds the job. */
export async function extendLease(db: DbOrTx, params: { id: string; claimToken: string; leaseMs: number }) {
  const updated = await db
    .update(generations)
    .set({ leaseExpiresAt: sql`now() + ${millis(params.leaseMs)}` })
    .where(heldBy(params.id, params.claimToken))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Progress only moves forward, and only while the claim holds the job. */
export async function setJobProgress(db: DbOrTx, params: { id: string; claimToken: string; progress: number }) {
  const updated = await db
    .update(generations)
    .set({ progress: sql`greatest(${generations.progress}, ${Math.round(params.progress)}::int)` })
    .where(heldBy(params.id, params.claimToken))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Locks the job row for the rest of the transaction if the claim still holds it. */
export async function lockHeldJob(tx: DbOrTx, params: { id: string; claimToken: string }) {
  const [row] = await tx
    .select({ id: generations.id, userId: generations.userId })
    .from(generations)
    .where(heldBy(params.id, params.claimToken))
    .for("update");
  return row;
}

export async function insertJobImages(tx: DbOrTx, images: NewGenerationImage[]) {
  if (images.length === 0) return [];
  return tx.insert(generationImages).values(images).returning({ id: generationImages.id });
}

export async function markJobComplete(tx: DbOrTx, params: { id: string; claimToken: string; engine: string }) {
  const updated = await tx
    .update(generations)
    .set({
      status: "complete",
      progress: 100,
      engine: params.engine,
      lockedBy: null,
      claimToken: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(heldBy(params.id, params.claimToken))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/**
 * Fails a job that has not ended yet. With `claimToken` only if that claim holds it (a run
 * failing its own job); without, whatever state it is in (the recovery of abandoned jobs).
 * Returns the owner, cost and size when this call failed it, so the caller refunds exactly once.
 */
export async function markJobFailed(
  tx: DbOrTx,
  params: { id: string; errorKey: string; errorMessage: string; errorDetail?: string | null; claimToken?: string },
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
      claimToken: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(
      params.claimToken
        ? heldBy(params.id, params.claimToken)
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

/**
 * Puts a job back in the queue: a run handing back its own claim (`claimToken`), or the recovery
 * taking back an expired lease it has locked (`lockedBy` guards against a concurrent claim).
 */
export async function requeueJob(
  tx: DbOrTx,
  params: ({ lockedBy: string | null } | { claimToken: string }) & { id: string; refundAttempt?: boolean },
) {
  const claim =
    "claimToken" in params
      ? eq(generations.claimToken, params.claimToken)
      : params.lockedBy === null
        ? sql`${generations.lockedBy} is null`
        : eq(generations.lockedBy, params.lockedBy);
  const updated = await tx
    .update(generations)
    .set({
      status: "pending",
      lockedBy: null,
      claimToken: null,
      leaseExpiresAt: null,
      runAfter: sql`now()`,
      // A job handed back on a clean shutdown did not fail; it keeps its attempts.
      ...(params.refundAttempt ? { attempts: sql`greatest(${generations.attempts} - 1, 0)` } : {}),
    })
    .where(
      and(eq(generations.id, params.id), eq(generations.status, "processing"), claim),
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

/**
 * Parks a job that waits for predictions at a hosted service: back to pending with its next run
 * `resumeInMs` from now (a callback moves it earlier), without its claim and without counting the
 * attempt, so the wait holds no worker and no lease. Only while the claim still holds the job.
 * If no prediction is running or in doubt any more (the last callback came while the job was
 * still held, when it could not move the run earlier), the next run is now: checked in the same
 * statement, so a callback arriving meanwhile finds the job parked and moves it itself.
 */
export async function parkJob(db: DbOrTx, params: { id: string; claimToken: string; resumeInMs: number; progress: number }) {
  const updated = await db
    .update(generations)
    .set({
      status: "pending",
      lockedBy: null,
      claimToken: null,
      leaseExpiresAt: null,
      runAfter: sql`case when exists (
        select 1 from ${enginePredictions}
        where ${enginePredictions.generationId} = ${generations.id} and ${enginePredictions.status} in ('running', 'submitting')
      ) then now() + ${millis(params.resumeInMs)} else now() end`,
      attempts: sql`greatest(${generations.attempts} - 1, 0)`,
      progress: sql`greatest(${generations.progress}, ${Math.round(params.progress)}::int)`,
    })
    .where(heldBy(params.id, params.claimToken))
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Which engine and model the job runs on, written when a run starts (for failed jobs too). */
export async function recordJobEngine(db: DbOrTx, params: { id: string; claimToken: string; engine: string; model: string | null }) {
  await db
    .update(generations)
    .set({ engine: params.engine, engineModel: params.model })
    .where(heldBy(params.id, params.claimToken));
}

/**
 * Adds what an image service reported using to the job's totals. Not conditional on the claim:
 * the service was paid whatever became of the run.
 */
export async function addJobUsage(db: DbOrTx, params: { id: string; usage: EngineUsage }) {
  const sums = Object.entries(params.usage)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .map(([key, value]) => sql`${key}::text, coalesce((${generations.engineUsage} ->> ${key})::float8, 0) + ${value}::float8`);
  if (sums.length === 0) return;
  await db
    .update(generations)
    .set({ engineUsage: sql`coalesce(${generations.engineUsage}, '{}'::jsonb) || jsonb_build_object(${sql.join(sums, sql`, `)})` })
    .where(eq(generations.id, params.id));
}
