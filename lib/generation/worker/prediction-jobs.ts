import {
  clearEndedPredictionOutputs,
  finishPrediction,
  listInDoubtOfEndedJobs,
  listJobPredictions,
  listPredictionsToCancel,
  markPredictionCanceled,
} from "@/db/queries/engine-predictions";
import { parkJob, type ClaimedJob } from "@/db/queries/generation-jobs";
import type { GuardedStorage } from "@/lib/storage/guarded-storage";
import { JobFailure } from "../errors";
import { refusal } from "../engines/hosted/hosted-settings";
import type { PlannedRequest } from "../engines/request-plan";
import { isPredictionEngine, type EngineRunOptions, type PredictionEngine, type PredictionState } from "../engines/types";
import { findJobDescription } from "../tools";
import { LeaseLost } from "./abort-reasons";
import { buildEngineJob, describeJob } from "./engine-job";
import type { GuardedImages } from "./likeness-guard";
import { isSendable, sendPosition, settleDoubt, settleJobDoubts, viewPositions, type PositionView } from "./prediction-attempts";
import { deliverPredictions, positionResults } from "./prediction-likeness";
import type { JobContext } from "./run-job";

/**
 * Jobs on an engine whose predictions outlive a request (Replicate, fal). A run sends the
 * positions of the job's plan that have no prediction yet (prediction-attempts.ts: each attempt
 * written down before its create call) and parks the job: it goes back to the queue with a time
 * to look again and holds no worker while the service works. The service's signed callback
 * records the outcome and moves the job's next run to now (lib/generation/engine-callbacks.ts);
 * without one, the next run polls the service, always once more before the deadline. When no
 * position is running or in doubt any more, or at that last look, the run downloads at most the
 * ordered number of images of the positions that succeeded, passes them through the likeness
 * guard (prediction-likeness.ts: a refused image is made again once, by a new prediction for its
 * position) and the job ends like any other (what is missing is refunded). Predictions of jobs that ended anyway (time limit, deletion) or
 * replaced by a later attempt are cancelled at the service by the worker's housekeeping.
 */

export type Produced = ({ kind: "images" } & GuardedImages) | { kind: "parked" };

/** The shortest wait between two looks, so the last stretch before the deadline is not a busy loop. */
const minimumPollDelayMs = 1_000;

/** The last look before the deadline, with time left to fetch and store the results. */
function lastLookAt(job: ClaimedJob): number | undefined {
  if (!job.deadlineAt) return undefined;
  return job.deadlineAt.getTime() - Math.max(2_000, findJobDescription(job.tool).timeLimitMs * 0.1);
}

/** When to look again: after the poll interval, but always once before the deadline with time left to store the results. */
function resumeDelay(job: ClaimedJob, pollIntervalMs: number): number {
  const lastLook = lastLookAt(job);
  if (lastLook === undefined) return pollIntervalMs;
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
    if (prediction.status !== "running" || prediction.externalId === null) continue;
    const ref = { model: prediction.model, externalId: prediction.externalId };
    let state: PredictionState;
    try {
      state = await engine.checkPrediction(ref, { signal: run.signal, deadline: run.deadline });
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      context.log.warn(`[worker] polling ${engine.name} prediction ${ref.externalId} of ${job.id} failed`, error);
      continue;
    }
    if (state.status !== "running") {
      await finishPrediction(context.db, { engine: engine.name, externalId: ref.externalId, outcome: state, viaCallback: false });
    }
  }
}

/** The job's failure when no position has any image: a refusal in the service's words, or the tool's message. */
function endedWithoutImages(engine: PredictionEngine, job: ClaimedJob, positions: readonly PositionView[]): JobFailure {
  const ended = positions.flatMap(({ state }) => (state.kind === "failed" ? [state.latest] : []));
  const refused = ended.find((prediction) => prediction.refused);
  if (refused) return refusal(engine.name, refused.error ?? "refused");
  const failed = ended[0];
  const { failureMessages } = findJobDescription(job.tool);
  if (!failed) return new JobFailure(failureMessages.noResult, `${engine.name} returned no image`);
  const why = failed.status === "not_created" ? `was not made: ${failed.submitFailure ?? ""}` : `failed: ${failed.error ?? ""}`;
  return new JobFailure(failureMessages.failed, `${engine.name} prediction of ${job.id} #${failed.position} ${why}`);
}

/** Sends every position that has an attempt to send (a first one, one after a create that made nothing, a remake); false when none had. */
async function sendWaiting(
  context: JobContext,
  job: ClaimedJob,
  engine: PredictionEngine,
  storage: GuardedStorage,
  plan: readonly PlannedRequest[],
  run: EngineRunOptions,
): Promise<boolean> {
  const toSend = viewPositions(plan, await listJobPredictions(context.db, job.id)).filter(isSendable);
  if (toSend.length === 0) return false;
  const engineJob = await buildEngineJob(context.db, storage, job);
  for (const view of toSend) {
    await sendPosition(context, job, engine, engineJob, view, run);
    run.onProgress(5 + Math.round((10 * (view.position + 1)) / plan.length));
  }
  return true;
}

export async function advancePredictions(
  context: JobContext,
  job: ClaimedJob,
  engine: PredictionEngine,
  storage: GuardedStorage,
  run: EngineRunOptions,
): Promise<Produced> {
  const plan = engine.planPredictions(describeJob(job));
  await settleJobDoubts(context, job, engine, run);
  if (!(await sendWaiting(context, job, engine, storage, plan, run))) await poll(context, engine, job, run);
  const rows = await listJobPredictions(context.db, job.id);
  const positions = viewPositions(plan, rows);
  const waiting = positions.some(({ state }) => state.kind === "open" || state.kind === "toSend" || state.kind === "pending");
  const lastLook = lastLookAt(job);
  const atLastLook = lastLook !== undefined && Date.now() >= lastLook;
  const someSucceeded = rows.some((row) => row.status === "succeeded");
  // Parked while anything may still come, unless the last look has something to deliver.
  if (waiting && !(atLastLook && someSucceeded)) return park(context, job);
  const results = positionResults(plan, rows);
  if (!results.some((result) => result.original)) throw endedWithoutImages(engine, job, positions);
  const delivery = await deliverPredictions(context, job, engine, storage, plan, results, { ...run, mayRemake: !atLastLook });
  if (delivery.kind === "images") return delivery;
  // Images the likeness guard refused are made again first: their remakes go now, the job waits for them.
  await sendWaiting(context, job, engine, storage, plan, run);
  return park(context, job);
}

/** Time limit of one cancel call of the housekeeping. */
const cancelTimeoutMs = 15_000;

/**
 * Housekeeping, now and then from each worker: predictions still running that nobody will use
 * (their job ended, failed or was deleted, or a later attempt replaced them) are cancelled at the
 * service; attempts still in doubt for ended jobs are looked for, so a prediction made anyway is
 * found and cancelled too; and the result URLs of ended jobs are forgotten.
 */
export async function settleEndedPredictions(context: JobContext, batch = 20): Promise<number> {
  const engineOf = (name: string) => {
    const engine = context.engineNamed?.(name);
    return engine && isPredictionEngine(engine) ? engine : undefined;
  };
  for (const row of await listInDoubtOfEndedJobs(context.db, batch)) {
    const engine = engineOf(row.engine);
    if (engine) await settleDoubt(context.db, engine, row, { signal: AbortSignal.timeout(cancelTimeoutMs) }, context.log);
  }
  let cancelled = 0;
  for (const prediction of await listPredictionsToCancel(context.db, batch)) {
    const engine = engineOf(prediction.engine);
    if (!engine) continue;
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
