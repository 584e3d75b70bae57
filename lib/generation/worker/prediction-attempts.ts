import { setTimeout as sleep } from "node:timers/promises";
import type { DbOrTx } from "@/db/client";
import {
  adoptPrediction,
  insertPendingAttempt,
  listJobPredictions,
  markInDoubt,
  markNotCreated,
  markSubmitted,
  recordSubmissionIntent,
} from "@/db/queries/engine-predictions";
import type { ClaimedJob } from "@/db/queries/generation-jobs";
import type { EnginePrediction } from "@/db/schema";
import { JobFailure } from "../errors";
import { SubmissionInDoubt } from "../engines/hosted/hosted-predictions";
import type { PlannedRequest } from "../engines/request-plan";
import type { CallContext, EngineJob, EngineRunOptions, PredictionEngine } from "../engines/types";
import { findJobDescription } from "../tools";
import { LeaseLost } from "./abort-reasons";
import type { JobContext } from "./run-job";

/**
 * At most one paid prediction per image (issue 35, DESIGN rule 14). A job's planned requests are
 * its positions; each try at a position is an attempt, written down before its create call. A
 * create that may have made the prediction without giving its id (a 5xx, a dropped connection,
 * a server stopped mid-call) leaves the attempt in doubt, and a position in doubt is never sent
 * again until the service's signed callback or a lookup adopts the prediction, or the lookup
 * shows nothing was made. A resumed job therefore sends exactly the positions that have no
 * attempt yet (or whose last attempt certainly made nothing), and a restart never shortens a
 * package.
 */

/** Creates that made nothing, per position, before the position is given up (refunded). */
export const maxUnmadeAttempts = 3;
const firstRetryDelayMs = 500;

export type PositionState =
  /** Nothing sent yet, or the last attempt certainly made nothing: a new attempt may go, for `count` images. */
  | { kind: "toSend"; attempt: number; unmade: number; count: number }
  /** A remake asked for (pending): its attempt goes next, for `count` images. */
  | { kind: "pending"; attempt: number; unmade: number; count: number }
  /** Running at the service, or in doubt: wait for it. */
  | { kind: "open"; latest: EnginePrediction }
  | { kind: "succeeded"; latest: EnginePrediction }
  /** Failed or cancelled at the service, or given up after creates that made nothing. */
  | { kind: "failed"; latest: EnginePrediction };

export interface PositionView {
  position: number;
  request: PlannedRequest;
  state: PositionState;
}

/** A position with an attempt to send next. */
export type SendableView = PositionView & { state: Extract<PositionState, { kind: "toSend" | "pending" }> };

export const isSendable = (view: PositionView): view is SendableView => view.state.kind === "toSend" || view.state.kind === "pending";

/** Each planned position and where it stands, from the job's attempts. */
export function viewPositions(plan: readonly PlannedRequest[], rows: readonly EnginePrediction[]): PositionView[] {
  return plan.map((request, position) => {
    const attempts = rows.filter((row) => row.position === position);
    const latest = attempts.at(-1);
    const unmade = attempts.filter((row) => row.status === "not_created").length;
    let state: PositionState;
    // A later attempt makes as many images as the one before it asked for (a remake asks for fewer than the plan).
    if (!latest) state = { kind: "toSend", attempt: 1, unmade, count: request.count };
    else if (latest.status === "pending") state = { kind: "pending", attempt: latest.attempt, unmade, count: latest.imageCount };
    else if (latest.status === "not_created") {
      state =
        unmade >= maxUnmadeAttempts
          ? { kind: "failed", latest }
          : { kind: "toSend", attempt: latest.attempt + 1, unmade, count: latest.imageCount };
    } else if (latest.status === "succeeded") state = { kind: "succeeded", latest };
    else if (latest.status === "failed" || latest.status === "canceled") state = { kind: "failed", latest };
    else state = { kind: "open", latest };
    return { position, request, state };
  });
}

/**
 * Whether a lookup that found nothing proves nothing was made: at once when the service answered
 * the failed create (it had finished with the request), else once the longest such request could
 * still have been running on its side.
 */
function absenceIsProof(row: EnginePrediction): boolean {
  if (row.submitAnsweredAt) return true;
  const settleMs = findJobDescription(row.tool).requestTimeoutMs + 30_000;
  return Date.now() - row.createdAt.getTime() >= settleMs;
}

export type DoubtOutcome = "adopted" | "notCreated" | "inDoubt";

/** Looks for the prediction of an attempt in doubt and settles it when the service can tell. */
export async function settleDoubt(
  db: DbOrTx,
  engine: PredictionEngine,
  row: EnginePrediction,
  context: CallContext,
  log: JobContext["log"],
): Promise<DoubtOutcome> {
  if (row.status !== "submitting" || row.externalId !== null || row.generationId === null) return "inDoubt";
  let found: string | null | undefined;
  try {
    found = await engine.findSubmission(
      { generationId: row.generationId, position: row.position, attempt: row.attempt, model: row.model, since: row.createdAt },
      context,
    );
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason;
    log.warn(`[worker] looking for ${engine.name} prediction of ${row.generationId} #${row.position}.${row.attempt} failed`, error);
    return "inDoubt";
  }
  if (found) {
    const adopted = await adoptPrediction(db, { generationId: row.generationId, position: row.position, attempt: row.attempt, engine: engine.name, externalId: found });
    if (adopted) log.info(`[worker] adopted ${engine.name} prediction ${found} of ${row.generationId} #${row.position}.${row.attempt} found at the service`);
    return "adopted";
  }
  if (found === null && absenceIsProof(row)) {
    await markNotCreated(db, { id: row.id });
    return "notCreated";
  }
  return "inDoubt";
}

/** Settles what can be settled of the job's attempts in doubt (a run's first step). */
export async function settleJobDoubts(context: JobContext, job: ClaimedJob, engine: PredictionEngine, run: EngineRunOptions) {
  for (const row of await listJobPredictions(context.db, job.id)) {
    if (row.status === "submitting") await settleDoubt(context.db, engine, row, run, context.log);
  }
}

/**
 * Sends one position: an attempt written down, then created; when the create certainly made
 * nothing (or a lookup shows so) another attempt follows after a pause, up to maxUnmadeAttempts.
 * A create in doubt that the service cannot settle at once is left for later runs and callbacks.
 */
export async function sendPosition(
  context: JobContext,
  job: ClaimedJob,
  engine: PredictionEngine,
  engineJob: EngineJob,
  view: SendableView,
  run: EngineRunOptions,
): Promise<void> {
  let { unmade } = view.state;
  for (let attempt = view.state.attempt; ; attempt += 1) {
    const id = await recordSubmissionIntent(context.db, {
      claimToken: job.claimToken,
      intent: {
        generationId: job.id,
        tool: job.tool,
        engine: engine.name,
        model: engine.modelFor(job.tool),
        position: view.position,
        attempt,
        imageCount: view.state.count,
      },
    });
    if (!id) throw new LeaseLost();
    let outcome: DoubtOutcome;
    try {
      const externalId = await engine.submitPrediction(engineJob, { position: view.position, attempt, prompt: view.request.prompt, count: view.state.count }, run);
      await markSubmitted(context.db, { id, externalId });
      return;
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      if (!(error instanceof SubmissionInDoubt)) {
        // Refused before anything was made (a safety refusal, bad credentials, 429s to the end).
        if (error instanceof JobFailure) await markNotCreated(context.db, { id, failure: error.detail });
        throw error;
      }
      context.log.warn(`[worker] ${engine.name} create of ${job.id} #${view.position}.${attempt} in doubt: ${error.message}`);
      const row = await markInDoubt(context.db, { id, failure: error.message, answered: error.answered });
      outcome = row ? await settleDoubt(context.db, engine, row, run, context.log) : "inDoubt";
    }
    if (outcome !== "notCreated") return;
    unmade += 1;
    if (unmade >= maxUnmadeAttempts) return;
    await sleep(firstRetryDelayMs * 2 ** (unmade - 1), undefined, { signal: run.signal }).catch(() => {
      throw run.signal.reason;
    });
  }
}

/**
 * Starts a new attempt for position `position` of job `generationId`, after attempt
 * `afterAttempt`: for a prediction that succeeded but some of whose images may not be delivered
 * (the likeness guard of decision 24 asks for one remake at no cost). It is written down as
 * pending, on the same model, for `imageCount` images (those to replace), and sent by the job's next run through the same path as
 * every attempt (written down before its create call, never repeated blindly); the position's
 * result is then its latest attempt. Idempotent: asking twice after the same attempt records
 * one attempt (false the second time). The caller keeps the job unfinished (its run parks
 * instead of storing results) so the next run sends it.
 */
export async function startNewAttempt(
  db: DbOrTx,
  params: { generationId: string; position: number; afterAttempt: number; imageCount: number },
): Promise<boolean> {
  const previous = (await listJobPredictions(db, params.generationId)).find(
    (row) => row.position === params.position && row.attempt === params.afterAttempt,
  );
  if (!previous?.generationId) return false;
  return insertPendingAttempt(db, {
    generationId: previous.generationId,
    tool: previous.tool,
    engine: previous.engine,
    model: previous.model,
    position: previous.position,
    attempt: previous.attempt + 1,
    imageCount: params.imageCount,
  });
}
