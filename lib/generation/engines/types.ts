import type { EngineUsage, GenerationTool } from "@/db/schema";
import type { ImageEngineName } from "./engine-names";
import type { EditJobInput } from "../edit-input";
import type { PlannedRequest } from "./request-plan";
import type { AiProductInput, HeadshotInput, LookInput } from "../tools";

/**
 * One interface for every image engine (decision 11): a job goes in, image bytes come out.
 * Engines do not store anything; the worker passes every returned image through the image
 * intake (normalize-image.ts) and storage, so an engine can never put an unchecked file there.
 */

interface EngineJobBase {
  generationId: string;
  /** The prompt built by the tool's prompt builder (engines that take text use it). */
  prompt: string;
  /** The photo to work from: the normalised upload, or for an edit the image being edited. */
  image: { data: Buffer; contentType: string };
  /** How many images the job should produce. */
  imageCount: number;
  /**
   * When only some of them are to be made: their positions (0-based, within `imageCount`), e.g.
   * the images the likeness guard refused, made again (worker/likeness-guard.ts). An engine
   * that knows what each position shows (a headshot's style) makes those; the others make as
   * many images as there are positions.
   */
  positions?: readonly number[];
}

export type EngineJob =
  | (EngineJobBase & { tool: "headshot_pro"; input: HeadshotInput })
  | (EngineJobBase & { tool: "ai_product"; input: AiProductInput })
  | (EngineJobBase & { tool: "hair_changer" | "body_shaper"; input: LookInput })
  | (EngineJobBase & { tool: "edit"; input: EditJobInput });

/** A job as far as planning its requests goes: everything but the photo's bytes. */
export type PlannedJob = EngineJob extends infer Job ? (Job extends EngineJob ? Omit<Job, "image"> : never) : never;

export interface EngineRunOptions {
  /** 0-100; the worker stores it (throttled) for the loading page. */
  onProgress(percent: number): void;
  /** Aborted when the job times out, loses its lease or the worker stops. */
  signal: AbortSignal;
  /**
   * When the job's time is up (ms since the epoch): every outside call stays inside it
   * (lib/resilience/outside-call.ts). Absent when an engine is run outside a job.
   */
  deadline?: number;
  /** What the image service reported using (tokens, compute time), for the cost report. */
  onUsage?(usage: EngineUsage): void;
}

/** What a provider says of a model (issue 35): it serves it, or not (retired, unknown, not reachable with our key). */
export type ModelLookup = { served: true } | { served: false; detail: string };

export interface ImageEngine {
  readonly name: ImageEngineName;
  /** The hosted model a tool's jobs run on, when the engine has one (recorded on the job). */
  modelFor?(tool: GenerationTool): string | undefined;
  /** Asks the provider whether it serves `model` (one cheap call); throws when it could not be asked. */
  lookupModel?(model: string, context: CallContext): Promise<ModelLookup>;
  /** The images, as bytes in any format the intake accepts; throws a JobFailure on failure. */
  run(job: EngineJob, options: EngineRunOptions): Promise<Uint8Array[]>;
}

/** What an image service says about one prediction. */
export type PredictionState =
  | { status: "running" }
  | { status: "succeeded"; outputs: string[]; computeSeconds?: number }
  | { status: "failed"; error: string; refused: boolean; computeSeconds?: number }
  | { status: "canceled"; computeSeconds?: number };

/** A prediction as the service knows it: the model it runs on and its id there. */
export interface PredictionRef {
  model: string;
  externalId: string;
}

/** One request of a job (its position in the job's plan) as one attempt. */
export interface PredictionRequest {
  position: number;
  /** 1 for the first try at the position; each new try adds one. */
  attempt: number;
  prompt: string;
  /** Images asked of it. */
  count: number;
}

/** An attempt whose create call gave no id, to be looked for at the service. */
export interface SubmissionLookup {
  generationId: string;
  position: number;
  attempt: number;
  model: string;
  /** When the attempt was written down, just before its create call. */
  since: Date;
}

/** One call made for no particular job run (polling, cancelling, reading a callback). */
export interface CallContext {
  signal: AbortSignal;
  deadline?: number;
}

/**
 * An engine whose predictions outlive the request that starts them (Replicate, fal): the job is
 * parked in the queue while they run and resumed by the service's signed callback or by a poll,
 * so a long prediction holds no worker slot. Engines never touch the database: the worker
 * writes each attempt down before it asks the engine to submit it, and records what it reports
 * (lib/generation/worker/prediction-attempts.ts).
 */
export interface PredictionEngine {
  readonly name: ImageEngineName;
  modelFor(tool: GenerationTool): string;
  lookupModel(model: string, context: CallContext): Promise<ModelLookup>;
  /** The requests a job makes, in position order: the same for every run of the job. */
  planPredictions(job: PlannedJob): PlannedRequest[];
  /**
   * Creates one prediction reporting to our callback, whose URL names the job, position and
   * attempt; resolves with the service's id. Retries only what certainly made nothing (429, a
   * refused connection). Throws SubmissionInDoubt when the call may have made it without giving
   * the id (5xx, a dropped connection, a timeout), a JobFailure when it certainly did not.
   */
  submitPrediction(job: EngineJob, request: PredictionRequest, run: EngineRunOptions): Promise<string>;
  /**
   * Looks for the prediction an attempt in doubt may have made: its id when found, null when
   * the service shows it was not made, undefined when the service cannot tell (then only its
   * signed callback can adopt it).
   */
  findSubmission(lookup: SubmissionLookup, context: CallContext): Promise<string | null | undefined>;
  checkPrediction(prediction: PredictionRef, context: CallContext): Promise<PredictionState>;
  cancelPrediction(prediction: PredictionRef, context: CallContext): Promise<void>;
  /** The prediction a signed callback reports, or null when its signature does not verify. */
  readCallback(request: { headers: Headers; body: string }, context: CallContext): Promise<(PredictionState & { externalId: string }) | null>;
  /** The result images behind a finished prediction's outputs, for the image intake. */
  downloadOutputs(urls: readonly string[], options: EngineRunOptions): Promise<Uint8Array[]>;
}

export type Engine = ImageEngine | PredictionEngine;

export function isPredictionEngine(engine: Engine): engine is PredictionEngine {
  return "submitPrediction" in engine;
}
