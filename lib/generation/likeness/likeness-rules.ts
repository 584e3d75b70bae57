import type { GenerationTool, LikenessCheckVerdict } from "@/db/schema";
import { editJobInputSchema } from "../edit-input";

/**
 * The likeness guard's rules (decision 24): an image made of a person must show one face, and
 * the same person as the photo it was made from. Pure, so the worker, the calibration script
 * and the tests judge alike.
 */

/**
 * Below this identity similarity (Human's measure, 0..1) a face is taken for another person's.
 * Chosen from the calibration in the README ("The likeness guard", `npm run likeness:calibrate`):
 * above every pair of strangers measured there, and below nearly every pair of two different
 * photos of one person; an engine's own image of the person scores far higher.
 */
export const likenessThreshold = 0.42;

/**
 * A second face counts when it is at least this share of the main face's width: a person in
 * the far background of a scene is not a second subject, another head beside the first is.
 */
export const secondFaceShare = 0.5;

/** The tools whose results show the person of the user's photo (edits of their images too). */
const guardedTools = ["headshot_pro", "hair_changer", "body_shaper"] as const satisfies readonly GenerationTool[];

export function isLikenessGuarded(job: { tool: GenerationTool; input: unknown }): boolean {
  if (job.tool !== "edit") return guardedTools.some((tool) => tool === job.tool);
  const input = editJobInputSchema.safeParse(job.input);
  return input.success && guardedTools.some((tool) => tool === input.data.sourceTool);
}

/** What the vision layer found in one image: faces of note, and the main one's similarity to the reference. */
export interface LikenessMeasure {
  faces: number;
  /** Null when there is no face to compare (or the image could not be read). */
  score: number | null;
}

export type LikenessVerdict = LikenessCheckVerdict;

export function judgeLikeness(measure: LikenessMeasure): LikenessVerdict {
  if (measure.faces === 0 || measure.score === null) return "noFace";
  if (measure.faces > 1) return "severalFaces";
  return measure.score >= likenessThreshold ? "passed" : "notSamePerson";
}

/** Whether an image with this verdict may be delivered ("unchecked": the user's photo shows no face to compare). */
export function isDeliverable(verdict: LikenessVerdict): boolean {
  return verdict === "passed" || verdict === "unchecked";
}
