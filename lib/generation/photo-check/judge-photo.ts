import type { GenerationTool } from "@/db/schema";
import type { PhotoFindings } from "./photo-findings";

/**
 * The photo check's rules (issue 20), shared by the upload step, the review step and the
 * server's check before credits are taken. A blocking problem means the local engine cannot
 * make a real result from this photo; a warning means it can, but worse, so the user may go on.
 * Hosted engines judge photos themselves: for them every problem is a warning.
 */

export const photoProblemCodes = ["noFace", "severalFaces", "faceTooSmall", "tooDark", "tooBlurry", "noBody", "productNotClear"] as const;
export type PhotoProblemCode = (typeof photoProblemCodes)[number];

export interface PhotoProblem {
  code: PhotoProblemCode;
  blocking: boolean;
}

/** The tools whose results depend on a person in the photo. */
export const photoCheckedTools = ["headshot_pro", "hair_changer", "body_shaper"] as const satisfies readonly GenerationTool[];
export type PhotoCheckedTool = (typeof photoCheckedTools)[number];

export function isPhotoCheckedTool(tool: string): tool is PhotoCheckedTool {
  return photoCheckedTools.some((checked) => checked === tool);
}

/**
 * AI Product's check on the local engine (issue 37): whether the product can be cut out of the
 * photo with confidence. "productNotClear" blocks until the user chooses the framed print
 * instead (or another photo); hosted engines do not cut the product out at all.
 */
export const productCheckedTool = "ai_product";
export type CheckedTool = PhotoCheckedTool | typeof productCheckedTool;

/** A face narrower than this share of the photo's short side (or than 60 px) is too small. */
const minFaceShare = 0.1;
const minFacePixels = 60;
/** Mean face luma below this (0..255) is too dark to show skin and hair well. */
const minFaceBrightness = 60;
/**
 * Laplacian variance of the face, scaled to a mid-grey face (a dark face has weaker edges
 * without being blurred), below which it is out of focus or shaken: sharp faces score 400+,
 * a portrait blurred by 3 px about 30.
 */
const minFaceSharpness = 60;

export function judgePhoto(tool: PhotoCheckedTool, findings: PhotoFindings, options: { localEngine: boolean }): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  const add = (code: PhotoProblemCode, blocking: boolean) => problems.push({ code, blocking: blocking && options.localEngine });
  const face = findings.faces[0];
  const needsFace = tool !== "body_shaper";

  if (tool === "body_shaper") {
    const hasTorso = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"].every((part) =>
      findings.poseParts.some((found) => found === part),
    );
    // The local engine's warps are driven by the shoulders and hips.
    if (!hasTorso) add("noBody", true);
  }
  if (!face) {
    if (needsFace) add("noFace", true);
    return problems;
  }
  if (findings.faces.length > 1) add("severalFaces", tool === "headshot_pro");
  if (needsFace && face.box.width < Math.max(minFacePixels, minFaceShare * Math.min(findings.width, findings.height))) {
    add("faceTooSmall", false);
  }
  if (face.brightness < minFaceBrightness) add("tooDark", false);
  if (face.sharpness * (128 / Math.max(20, face.brightness)) ** 2 < minFaceSharpness) add("tooBlurry", false);
  return problems;
}
