import type { DbOrTx } from "@/db/client";
import { adoptPrediction, findPrediction, finishPrediction, resumeParkedJob } from "@/db/queries/engine-predictions";
import { isPredictionEngine, type Engine } from "./engines/types";
import { wakeWorkers } from "@/lib/scheduling/job-queue-signal";

/**
 * POST /api/engines/{engine}/callback?generation={id}&position={p}&attempt={n}: a hosted service
 * (Replicate, fal) reports on a prediction. The signature is checked by the engine first
 * (anything unsigned or forged is refused with 401, and changes nothing); the prediction must be
 * one we started, for the job the URL names, or the prediction of an attempt whose create call
 * gave us no id (in doubt): the URL names its slot, so it is adopted there instead of being left
 * to run unseen (issue 35). Its outcome is recorded once (a repeated delivery answers 200 and
 * changes nothing), and when it was the job's last open prediction the parked job runs at once.
 * The caller never learns more than whether we took it.
 */

export interface EngineCallbackDeps {
  db: DbOrTx;
  engineNamed(name: string): Engine | undefined;
}

export interface EngineCallbackRequest {
  engine: string;
  /** The callback URL's query: the job (`generation`), `position` and `attempt` it names. */
  slot: URLSearchParams;
  headers: Headers;
  body: string;
}

function whole(value: string | null): number | undefined {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
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
  const generationId = request.slot.get("generation");
  // Looked up again after a failed adoption: the run may have recorded the id in the meantime.
  const prediction =
    (await findPrediction(deps.db, engine.name, report.externalId)) ??
    (await adopt(deps.db, engine.name, report.externalId, request.slot)) ??
    (await findPrediction(deps.db, engine.name, report.externalId));
  // Not (yet) recorded, or not the job the URL names: the service retries an unanswered callback,
  // and the job's own polling does not depend on it.
  if (!prediction || (prediction.generationId !== null && prediction.generationId !== generationId)) {
    return { status: 404, body: { received: false } };
  }
  if (report.status === "running") return { status: 200, body: { received: true } };
  const { externalId, ...outcome } = report;
  const applied = await finishPrediction(deps.db, { engine: engine.name, externalId, outcome, viaCallback: true });
  if (!applied) return { status: 200, body: { received: true, duplicate: true } };
  if (applied.generationId && (await resumeParkedJob(deps.db, applied.generationId))) wakeWorkers();
  return { status: 200, body: { received: true } };
}

/** The prediction of the attempt the callback URL names, when its create call gave us no id. */
async function adopt(db: DbOrTx, engine: string, externalId: string, slot: URLSearchParams) {
  const generationId = slot.get("generation");
  const position = whole(slot.get("position"));
  const attempt = whole(slot.get("attempt"));
  if (!generationId || !/^[0-9a-f-]{36}$/i.test(generationId) || position === undefined || attempt === undefined) return undefined;
  const adopted = await adoptPrediction(db, { generationId, position, attempt, engine, externalId });
  if (adopted) console.info(`[engines] adopted ${engine} prediction ${externalId} of ${generationId} #${position}.${attempt} from its callback`);
  return adopted;
}
