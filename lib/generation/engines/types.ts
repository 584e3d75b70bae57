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
}

export interface ImageEngine {
  readonly name: ImageEngineName;
  /** The images, as bytes in any format the intake accepts; throws a JobFailure on failure. */
  run(job: EngineJob, options: EngineRunOptions): Promise<Uint8Array[]>;
}
