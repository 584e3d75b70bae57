import type { EngineUsage, GenerationTool } from "@/db/schema";
import type { ImageEngineName } from "./engine-names";
import type { EditJobInput } from "../edit-input";
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
}

export type EngineJob =
  | (EngineJobBase & { tool: "headshot_pro"; input: HeadshotInput })
  | (EngineJobBase & { tool: "ai_product"; input: AiProductInput })
  | (EngineJobBase & { tool: "hair_changer" | "body_shaper"; input: LookInput })
  | (EngineJobBase & { tool: "edit"; input: EditJobInput });

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

export interface ImageEngine {
  readonly name: ImageEngineName;
  /** The hosted model a tool's jobs run on, when the engine has one (recorded on the job). */
  modelFor?(tool: GenerationTool): string | undefined;
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

export interface StartedPrediction extends PredictionRef {
  /** Order within the job. */
  position: number;
  /** Images asked of it. */
  imageCount: number;
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
 * records what they report.
 */
export interface PredictionEngine {
  readonly name: ImageEngineName;
  modelFor(tool: GenerationTool): string;
  /** Starts every prediction the job needs, each reporting to our callback, and hands each over as soon as it exists. */
  startPredictions(job: EngineJob, options: EngineRunOptions & { onStarted(prediction: StartedPrediction): Promise<void> }): Promise<void>;
  checkPrediction(prediction: PredictionRef, context: CallContext): Promise<PredictionState>;
  cancelPrediction(prediction: PredictionRef, context: CallContext): Promise<void>;
  /** The prediction a signed callback reports, or null when its signature does not verify. */
  readCallback(request: { headers: Headers; body: string }, context: CallContext): Promise<(PredictionState & { externalId: string }) | null>;
  /** The result images behind a finished prediction's outputs, for the image intake. */
  downloadOutputs(urls: readonly string[], options: EngineRunOptions): Promise<Uint8Array[]>;
}

export type Engine = ImageEngine | PredictionEngine;

export function isPredictionEngine(engine: Engine): engine is PredictionEngine {
  return "startPredictions" in engine;
}
