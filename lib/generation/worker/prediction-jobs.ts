import {
  clearEndedPredictionOutputs,
  finishPrediction,
  listJobPredictions,
  listPredictionsToCancel,
  markPredictionCanceled,
  recordStartedPrediction,
} from "@/db/queries/engine-predictions";
import { parkJob, type ClaimedJob } from "@/db/queries/generation-jobs";
import type { GuardedStorage } from "@/lib/storage/guarded-storage";
import { JobFailure } from "../errors";
import { refusal } from "../engines/hosted/hosted-settings";
import { isPredictionEngine, type EngineRunOptions, type PredictionEngine, type PredictionState } from "../engines/types";
import { findJobDescription } from "../tools";
import { LeaseLost } from "./abort-reasons";
import { buildEngineJob } from "./engine-job";
import type { JobContext } from "./run-job";

/**
 * Jobs on an engine whose predictions outlive a request (Replicate, fal). The first run starts
 * the predictions and parks the job: it goes back to the queue with a time to look again and
 * holds no worker while the service works. The service's signed callback records the outcome
 * and moves the job's next run to now (lib/generation/engine-callbacks.ts); without one, the
 * next run polls the service, always once more before the deadline. When no prediction is
 * running any more, the run downloads at most the ordered number of images and the job ends
 * like any other. Predictions of jobs that ended anyway (time limit, deletion) are cancelled at
 * the service by the worker's housekeeping.
 */

export type Produced = { kind: "images"; images: Uint8Array[] } | { kind: "parked" };

/** The shortest wait between two looks, so the last stretch before the deadline is not a busy loop. */
const minimumPollDelayMs = 1_000;

/** When to look again: after the poll interval, but always once before the deadline with time left to store the results. */
function resumeDelay(job: ClaimedJob, pollIntervalMs: number): number {
  if (!job.deadlineAt) return pollIntervalMs;
  const limit = findJobDescription(job.tool).timeLimitMs;
  const lastLook = job.deadlineAt.getTime() - Math.max(2_000, limit * 0.1);
  return Math.max(minimumPollDelayMs, Math.min(pollIntervalMs, lastLook - Date.now()));
}

/** Progress while the service works: creeping towards 90 % over the tool's expected time. */
function waitingProgress(job: ClaimedJob): number {
  const started = job.startedAt?.getTime() ?? Date.now();
  const share = (Date.now() - started) / findJobDescription(job.tool).expectedDurationMs;
  return Math.min(90, 15 + Math.round(75 * share));
}

async function park(context: JobContext, job: ClaimedJob): Promise<Produced> {
  const parked = await parkJob(context.db, {
    id: job.id,
    claimToken: job.claimToken,
    resumeInMs: resumeDelay(job, context.predictionPollIntervalMs),
    progress: waitingProgress(job),
  });
  if (!parked) throw new LeaseLost();
  return { kind: "parked" };
}

/** Asks the service about each prediction still running; a failed poll leaves it for the next look. */
async function poll(context: JobContext, engine: PredictionEngine, job: ClaimedJob, run: EngineRunOptions) {
  for (const prediction of await listJobPredictions(context.db, job.id)) {
    if (prediction.status !== "running") continue;
    let state: PredictionState;
    try {
      state = await engine.checkPrediction(prediction, { signal: run.signal, deadline: run.deadline });
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      context.log.warn(`[worker] polling ${engine.name} prediction ${prediction.externalId} of ${job.id} failed`, error);
      continue;
    }
    if (state.status !== "running") {
      await finishPrediction(context.db, { engine: engine.name, externalId: prediction.externalId, outcome: state, viaCallback: false });
    }
  }
}

/** The images of a job whose predictions have all ended, or its failure. */
async function collectOutputs(context: JobContext, engine: PredictionEngine, job: ClaimedJob, run: EngineRunOptions) {
  const predictions = await listJobPredictions(context.db, job.id);
  const urls = predictions.flatMap((prediction) => (prediction.status === "succeeded" ? (prediction.outputs ?? []) : []));
  if (urls.length === 0) {
    const refused = predictions.find((prediction) => prediction.refused);
    if (refused) throw refusal(engine.name, refused.error ?? "refused");
    const failed = predictions.find((prediction) => prediction.status === "failed");
    const { failureMessages } = findJobDescription(job.tool);
    throw failed
      ? new JobFailure(failureMessages.failed, `${engine.name} prediction ${failed.externalId} failed: ${failed.error ?? ""}`)
      : new JobFailure(failureMessages.noResult, `${engine.name} returned no image`);
  }
  // At most what was ordered is fetched from the service.
  return engine.downloadOutputs(urls.slice(0, job.numberShots), run);
}

export async function advancePredictions(
  context: JobContext,
  job: ClaimedJob,
  engine: PredictionEngine,
  storage: GuardedStorage,
  run: EngineRunOptions,
): Promise<Produced> {
  const known = await listJobPredictions(context.db, job.id);
  if (known.length === 0) {
    const engineJob = await buildEngineJob(context.db, storage, job);
    await engine.startPredictions(engineJob, {
      ...run,
      onStarted: async (prediction) => {
        const recorded = await recordStartedPrediction(context.db, {
          claimToken: job.claimToken,
          prediction: { ...prediction, generationId: job.id, tool: job.tool, engine: engine.name },
        });
        if (!recorded) throw new LeaseLost();
      },
    });
    return park(context, job);
  }
  await poll(context, engine, job, run);
  const predictions = await listJobPredictions(context.db, job.id);
  if (predictions.some((prediction) => prediction.status === "running")) return park(context, job);
  return { kind: "images", images: await collectOutputs(context, engine, job, run) };
}

/** Time limit of one cancel call of the housekeeping. */
const cancelTimeoutMs = 15_000;

/**
 * Housekeeping, now and then from each worker: predictions still running for a job that ended
 * (it timed out, failed or was deleted) are cancelled at the service, and the result URLs of
 * ended jobs are forgotten.
 */
export async function settleEndedPredictions(context: JobContext, batch = 20): Promise<number> {
  let cancelled = 0;
  for (const prediction of await listPredictionsToCancel(context.db, batch)) {
    const engine = context.engineNamed?.(prediction.engine);
    if (!engine || !isPredictionEngine(engine)) continue;
    try {
      await engine.cancelPrediction(prediction, { signal: AbortSignal.timeout(cancelTimeoutMs) });
      await markPredictionCanceled(context.db, prediction.id);
      cancelled += 1;
    } catch (error) {
      context.log.warn(`[worker] cancelling ${prediction.engine} prediction ${prediction.externalId} failed`, error);
    }
  }
  await clearEndedPredictionOutputs(context.db);
  return cancelled;
}
