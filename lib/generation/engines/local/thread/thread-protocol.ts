import type { EngineJob } from "../../types";
import type { PhotoFindings } from "../../../photo-check/photo-findings";

/**
 * Messages between the app (main thread) and the local engine's thread. Everything crosses by
 * structured clone: Buffers arrive as Uint8Arrays, errors as plain objects.
 */

export type ThreadTask =
  | { task: "render"; job: EngineJob }
  | { task: "measurePhoto"; image: Uint8Array; pose: boolean }
  | { task: "productBackground"; image: Uint8Array }
  | { task: "warm" };

export interface ThreadResults {
  render: Uint8Array[];
  measurePhoto: PhotoFindings;
  /** Whether AI Product cuts the product out of this photo ("plain") or frames it whole ("busy"). */
  productBackground: "plain" | "busy";
  warm: { loadMs: number };
}

export type ToThread = { kind: "run"; id: number; request: ThreadTask } | { kind: "cancel"; id: number };

/** A failure as it crosses the thread boundary; `reasonKey` marks a JobFailure. */
export interface ThreadError {
  name: string;
  message: string;
  reasonKey?: string;
  detail?: string;
}

export type FromThread =
  | { kind: "progress"; id: number; percent: number }
  | { kind: "done"; id: number; result: ThreadResults[keyof ThreadResults] }
  | { kind: "failed"; id: number; error: ThreadError };
