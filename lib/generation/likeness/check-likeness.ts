import { runInEngineProcess } from "../engines/local/process/engine-process";
import { judgeLikeness, type LikenessVerdict } from "./likeness-rules";

/**
 * The likeness check on the server: the vision models look in the local engine's process (loaded
 * once, at a background priority, off the worker's event loop), likeness-rules.ts decides. No
 * "server-only" here: the worker script (scripts/worker.ts) imports it.
 */

export interface LikenessResult {
  verdict: LikenessVerdict;
  /** The identity similarity to the user's photo (never shown to the user); null without a face to compare. */
  score: number | null;
  faces: number | null;
}

/** One result per image, in order. When the user's photo shows no face, every image is "unchecked". */
export async function checkLikeness(reference: Uint8Array, images: readonly Uint8Array[], signal?: AbortSignal): Promise<LikenessResult[]> {
  if (images.length === 0) return [];
  const findings = await runInEngineProcess({ task: "measureLikeness", reference, images: [...images] }, { signal });
  if (!findings.referenceHasFace) return images.map(() => ({ verdict: "unchecked", score: null, faces: null }));
  return findings.images.map((measure) => ({ verdict: judgeLikeness(measure), score: measure.score, faces: measure.faces }));
}
