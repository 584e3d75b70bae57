import type { EngineJob } from "../../types";
import type { LikenessFindings } from "../../../likeness/measure-likeness";
import type { PhotoFindings, ProductCutoutFindings } from "../../../photo-check/photo-findings";

/**
 * Messages between the app (main thread) and the local engine's process. Everything crosses by
 * structured clone: Buffers arrive as Uint8Arrays, errors as plain objects.
 */

export type EngineTask =
  | { task: "render"; job: EngineJob }
  | { task: "measurePhoto"; image: Uint8Array; pose: boolean }
  | { task: "productCutout"; image: Uint8Array }
  | { task: "measureLikeness"; reference: Uint8Array; images: Uint8Array[] };

export interface EngineResults {
  render: Uint8Array[];
  measurePhoto: PhotoFindings;
  /**
   * How far AI Product's cut-out of this photo can be trusted (0..1, see cutout-confidence.ts),
   * and how many times a square shot enlarges the product.
   */
  productCutout: ProductCutoutFindings;
  measureLikeness: LikenessFindings;
}

export type ToEngine = { kind: "run"; id: number; request: EngineTask } | { kind: "cancel"; id: number };

/** A failure as it crosses to the other process; `reasonKey` marks a JobFailure. */
export interface EngineError {
  name: string;
  message: string;
  reasonKey?: string;
  detail?: string;
}

export type FromEngine =
  | { kind: "progress"; id: number; percent: number }
  | { kind: "done"; id: number; result: EngineResults[keyof EngineResults] }
  | { kind: "failed"; id: number; error: EngineError };
