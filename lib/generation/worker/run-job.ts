import type { Database } from "@/db/client";
import type { EngineUsage, GenerationTool } from "@/db/schema";
import { addJobUsage, extendLease, recordJobEngine, requeueJob, setJobProgress, type ClaimedJob } from "@/db/queries/generation-jobs";
import { OutsideCallDeadlinePassed, OutsideCallTimeout, untilAborted } from "@/lib/resilience/outside-call";
import { guardStorage, type GuardedStorage } from "@/lib/storage/guarded-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { JobFailure } from "../errors";
import { isPredictionEngine, type Engine, type EngineRunOptions } from "../engines/types";
import { findJobDescription } from "../tools";
import { DeadlinePassed, LeaseLost, WorkerStopping } from "./abort-reasons";
import { buildEngineJob } from "./engine-job";
import { failJobAndRefund } from "./job-outcomes";
import { discardStoredResults, saveResults, storeResults } from "./job-results";
import { guardLikeness, type GuardedImages, type LikenessCheckRecord } from "./likeness-guard";
import { advancePredictions } from "./prediction-jobs";

/**
 * Runs one claimed job to its end while holding its lease: a heartbeat renews the lease, a
 * timer enforces the deadline, progress is written as the engine reports it, and the results
 * are stored and committed only if the lease is still ours. Every way out is decided here:
 * complete, failed with a refund, handed back to the queue (shutdown), parked while a hosted
 * service works on it (prediction-jobs.ts), or left to whoever took the job over (lease lost).
 */

export interface JobContext {
  db: Database;
  storage: ObjectStorage;
  workerId: string;
  leaseMs: number;
  /** Time limit of each storage read and write (STORAGE_TIMEOUT_MS). */
  storageTimeoutMs: number;
  /** How long a job parked for a hosted prediction waits before it polls (PREDICTION_POLL_INTERVAL_MS). */
  predictionPollIntervalMs: number;
  resolveEngine(tool: GenerationTool): Engine;
  /** The engine of that name, for work on predictions whose job may be gone. */
  engineNamed?(name: string): Engine | undefined;
  log: Pick<Console, "info" | "warn" | "error">;
}

export type JobOutcome = "complete" | "failed" | "requeued" | "parked" | "lost";

/** Progress is written at most this often (and only when it moved), to spare the database. */
const progressWriteIntervalMs = 400;

/**
 * Renews the lease while the run goes on and stops the run when it may no longer go on: the
 * deadline passed, the claim was taken over, or the lease ran out while renewals failed (the
 * database was unreachable for longer than the lease). In the last case the recovery may already
 * have handed the job to another claim, so the run drops its work rather than wait. A renewal
 * that is merely slow gets a second lease of patience before the run gives up on it.
 */
function startHeartbeat(context: JobContext, job: ClaimedJob, controller: AbortController, claimedAt: number) {
  const { leaseMs } = context;
  // The lease runs until `leaseMs` after the last renewal that reached the database, counted
  // from when it was sent (the database clock started no earlier).
  let confirmedAt = claimedAt;
  let lastRenewalFailed = false;
  const stopIfLapsed = () => {
    const unconfirmedFor = Date.now() - confirmedAt;
    if (unconfirmedFor >= leaseMs && (lastRenewalFailed || unconfirmedFor >= 2 * leaseMs)) controller.abort(new LeaseLost());
  };
  const interval = setInterval(() => {
    stopIfLapsed();
    if (controller.signal.aborted) return;
    const sentAt = Date.now();
    extendLease(context.db, { id: job.id, claimToken: job.claimToken, leaseMs })
      .then((held) => {
        if (!held) controller.abort(new LeaseLost());
        confirmedAt = Math.max(confirmedAt, sentAt);
        lastRenewalFailed = false;
      })
      .catch((error: unknown) => {
        lastRenewalFailed = true;
        context.log.warn(`[worker] heartbeat of ${job.id} failed`, error);
        stopIfLapsed();
      });
  }, Math.max(100, Math.floor(leaseMs / 3)));
  const remaining = job.deadlineAt ? job.deadlineAt.getTime() - Date.now() : Number.POSITIVE_INFINITY;
  const deadline = Number.isFinite(remaining)
    ? setTimeout(() => controller.abort(new DeadlinePassed()), Math.max(0, Math.min(remaining, 2 ** 31 - 1)))
    : undefined;
  return () => {
    clearInterval(interval);
    clearTimeout(deadline);
  };
}

function progressReporter(context: JobContext, job: ClaimedJob) {
  let written = 0;
  let lastWrite = 0;
  return (percent: number) => {
    const progress = Math.max(0, Math.min(99, Math.round(percent)));
    const now = Date.now();
    if (progress <= written || now - lastWrite < progressWriteIntervalMs) return;
    written = progress;
    lastWrite = now;
    setJobProgress(context.db, { id: job.id, claimToken: job.claimToken, progress }).catch((error: unknown) =>
      context.log.warn(`[worker] progress of ${job.id} not saved`, error),
    );
  };
}

async function fail(
  context: JobContext,
  job: ClaimedJob,
  reasonKey: string,
  detail: string,
  errorDetail: string | null = null,
  likenessChecks: readonly LikenessCheckRecord[] = [],
): Promise<JobOutcome> {
  const failed = await failJobAndRefund(context.db, {
    id: job.id,
    errorKey: `generation.errors.${reasonKey}`,
    errorMessage: detail,
    errorDetail,
    claimToken: job.claimToken,
    likenessChecks,
  });
  if (failed) context.log.warn(`[worker] job ${job.id} (${job.tool}) failed: ${detail}`);
  return failed ? "failed" : "lost";
}

/** What to do when the engine or the intake stopped with `error` (or the signal's reason). */
async function settleError(context: JobContext, job: ClaimedJob, error: unknown): Promise<JobOutcome> {
  if (error instanceof LeaseLost) return "lost";
  if (error instanceof DeadlinePassed) return fail(context, job, "timedOut", "The job passed its time limit");
  if (error instanceof WorkerStopping) {
    const requeued = await requeueJob(context.db, { id: job.id, claimToken: job.claimToken, refundAttempt: true });
    return requeued ? "requeued" : "lost";
  }
  if (error instanceof JobFailure) return fail(context, job, error.reasonKey, error.detail, error.userDetail);
  // An outside call (storage) that the deadline cut short is the job running out of time.
  const pastDeadline = job.deadlineAt !== null && Date.now() >= job.deadlineAt.getTime();
  if (error instanceof OutsideCallDeadlinePassed || (error instanceof OutsideCallTimeout && pastDeadline)) {
    return fail(context, job, "timedOut", `The job passed its time limit during ${error.callName}`);
  }
  if (error instanceof OutsideCallTimeout) {
    return fail(context, job, findJobDescription(job.tool).failureMessages.failed, error.message);
  }
  context.log.error(`[worker] job ${job.id} (${job.tool}) crashed`, error);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return fail(context, job, findJobDescription(job.tool).failureMessages.failed, detail);
}

/** `claimedAt`: when the claim was sent (Date.now()), the start of its lease. */
export async function runClaimedJob(
  context: JobContext,
  job: ClaimedJob,
  stopSignal: AbortSignal,
  claimedAt = Date.now(),
): Promise<JobOutcome> {
  const controller = new AbortController();
  const onStop = () => controller.abort(new WorkerStopping());
  if (stopSignal.aborted) onStop();
  stopSignal.addEventListener("abort", onStop, { once: true });
  const stopTimers = startHeartbeat(context, job, controller, claimedAt);
  const engine = context.resolveEngine(job.tool);
  const deadline = job.deadlineAt?.getTime();
  // Storage calls end with the job, stay inside its deadline and have their own time limit.
  const storage = guardStorage(context.storage, { signal: controller.signal, deadline, timeoutMs: context.storageTimeoutMs });
  const usage: EngineUsage[] = [];
  const run: EngineRunOptions = {
    onProgress: progressReporter(context, job),
    signal: controller.signal,
    deadline,
    onUsage: (reported) => usage.push(reported),
  };
  /** Records the usage reported so far, once. */
  const flushUsage = () => recordUsage(context, job, usage.splice(0));
  let storedKeys: string[] = [];
  try {
    await recordJobEngine(context.db, { id: job.id, claimToken: job.claimToken, engine: engine.name, model: engine.modelFor?.(job.tool) ?? null });
    // A stopping worker hands its job back at once even when the engine does not listen to
    // the signal (the preview engine's image work).
    const produced = await untilAborted(produceImages(context, job, engine, storage, run), controller.signal);
    controller.signal.throwIfAborted();
    if (produced.kind === "parked") return "parked";
    const { images, checks } = produced;
    if (images.length === 0 && checks.length > 0) {
      // Every image the engine made, and made again, failed the likeness guard: nothing to deliver.
      return await fail(context, job, "likenessFailed", `${engine.name}: no image passed the likeness check`, null, checks);
    }
    if (images.length === 0) {
      throw new JobFailure(findJobDescription(job.tool).failureMessages.noResult, `${engine.name} returned no image`);
    }
    const stored = await storeResults(storage, job, images);
    storedKeys = stored.map((image) => image.key);
    controller.signal.throwIfAborted();
    const keys = storedKeys;
    // If the commit's answer is lost, the rows may exist: the files stay, and the sweep of
    // unreferenced files (lib/retention) removes them if the commit did not happen.
    storedKeys = [];
    // Usage before the outcome: whoever sees the job finished sees what it cost.
    await flushUsage();
    const saved = await saveResults(context.db, { job, engine: engine.name, images: stored, likenessChecks: checks });
    if (!saved) storedKeys = keys;
    return saved ? "complete" : "lost";
  } catch (error) {
    await flushUsage();
    return await settleError(context, job, controller.signal.aborted ? controller.signal.reason : error);
  } finally {
    stopTimers();
    stopSignal.removeEventListener("abort", onStop);
    // The job's signal has ended by now: clean-up gets a time limit of its own.
    const cleanup = guardStorage(context.storage, { timeoutMs: context.storageTimeoutMs });
    await discardStoredResults(cleanup, storedKeys, context.log);
    await flushUsage();
  }
}

type Produced = ({ kind: "images" } & GuardedImages) | { kind: "parked" };

/**
 * The images of a run, at most the ordered number, each past the likeness guard: from the engine
 * at once (a refused image is made again by running the engine for its position), or from a
 * hosted service's predictions.
 */
async function produceImages(context: JobContext, job: ClaimedJob, engine: Engine, storage: GuardedStorage, run: EngineRunOptions): Promise<Produced> {
  if (isPredictionEngine(engine)) {
    return advancePredictions(context, job, engine, storage, run);
  }
  const engineJob = await buildEngineJob(context.db, storage, job);
  const images = (await engine.run(engineJob, run)).slice(0, job.numberShots);
  const guarded = await guardLikeness({
    job,
    reference: engineJob.image.data,
    images,
    remake: (positions) => engine.run({ ...engineJob, positions }, { ...run, onProgress: () => {} }),
    signal: run.signal,
    log: context.log,
  });
  return { kind: "images", ...guarded };
}

async function recordUsage(context: JobContext, job: ClaimedJob, reports: readonly EngineUsage[]): Promise<void> {
  if (reports.length === 0) return;
  const total: Required<EngineUsage> = { requests: 0, computeSeconds: 0, inputTokens: 0, outputTokens: 0 };
  for (const report of reports) {
    total.requests += report.requests ?? 0;
    total.computeSeconds += report.computeSeconds ?? 0;
    total.inputTokens += report.inputTokens ?? 0;
    total.outputTokens += report.outputTokens ?? 0;
  }
  await addJobUsage(context.db, { id: job.id, usage: total }).catch((error: unknown) =>
    context.log.warn(`[worker] usage of ${job.id} not recorded`, error),
  );
}
