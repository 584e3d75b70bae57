import type { DbOrTx } from "@/db/client";
import { findPrediction, finishPrediction, resumeParkedJob } from "@/db/queries/engine-predictions";
import { isPredictionEngine, type Engine } from "./engines/types";
import { wakeWorkers } from "@/lib/scheduling/job-queue-signal";

/**
 * POST /api/engines/{engine}/callback?generation={id}: a hosted service (Replicate, fal) reports a
 * finished prediction. The signature is checked by the engine first (anything unsigned or forged
 * is refused with 401, and changes nothing); the prediction must be one we started, for the job
 * the URL names. Its outcome is recorded once (a repeated delivery answers 200 and changes
 * nothing), and when it was the job's last running prediction the parked job runs at once.
 * The caller never learns more than whether we took it.
 */

export interface EngineCallbackDeps {
  db: DbOrTx;
  engineNamed(name: string): Engine | undefined;
}

export interface EngineCallbackRequest {
  engine: string;
  /** The job the callback URL names. */
  generationId: string | null;
  headers: Headers;
  body: string;
}

export interface EngineCallbackResult {
  status: 200 | 401 | 404 | 503;
  body: { received: boolean; duplicate?: boolean };
}

/** Far above any prediction we read; a bigger body is refused before its signature is checked. */
export const maxCallbackBytes = 1024 * 1024;

const verificationTimeoutMs = 10_000;

export async function handleEngineCallback(deps: EngineCallbackDeps, request: EngineCallbackRequest): Promise<EngineCallbackResult> {
  const engine = deps.engineNamed(request.engine);
  if (!engine || !isPredictionEngine(engine)) return { status: 404, body: { received: false } };
  let report;
  try {
    report = await engine.readCallback({ headers: request.headers, body: request.body }, { signal: AbortSignal.timeout(verificationTimeoutMs) });
  } catch (error) {
    // The signing keys could not be fetched: the service delivers again later.
    console.error(`[engines] could not verify a ${request.engine} callback`, error);
    return { status: 503, body: { received: false } };
  }
  if (!report) {
    console.warn(`[engines] refused a ${request.engine} callback whose signature does not verify`);
    return { status: 401, body: { received: false } };
  }
  const prediction = await findPrediction(deps.db, engine.name, report.externalId);
  // Not (yet) recorded, or not the job the URL names: the service retries an unanswered callback,
  // and the job's own polling does not depend on it.
  if (!prediction || (prediction.generationId !== null && prediction.generationId !== request.generationId)) {
    return { status: 404, body: { received: false } };
  }
  if (report.status === "running") return { status: 200, body: { received: true } };
  const { externalId, ...outcome } = report;
  const applied = await finishPrediction(deps.db, { engine: engine.name, externalId, outcome, viaCallback: true });
  if (!applied) return { status: 200, body: { received: true, duplicate: true } };
  if (applied.generationId && (await resumeParkedJob(deps.db, applied.generationId))) wakeWorkers();
  return { status: 200, body: { received: true } };
}
