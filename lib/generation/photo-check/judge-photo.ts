import type { GenerationTool } from "@/db/schema";
import type { PhotoFindings } from "./photo-findings";

/**
 * The photo check's rules (issue 20), shared by the upload step, the review step and the
 * server's check before credits are taken. A blocking problem means the tool cannot make a
 * real result from this photo; a warning means it can, but worse, so the user may go on.
 */

export const photoProblemCodes = ["noFace", "severalFaces", "faceTooSmall", "tooDark", "tooBlurry", "noBody"] as const;
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

/** A face narrower than this share of the photo's short side (or than 60 px) is too small. */
const minFaceShare = 0.1;
const minFacePixels = 60;
/** Mean face luma below this (0..255) is too dark to show skin and hair well. */
const minFaceBrightness = 60;
/** Laplacian variance of the face below this is out of focus or shaken (sharp faces: 300+). */
const minFaceSharpness = 25;

export function judgePhoto(tool: PhotoCheckedTool, findings: PhotoFindings, options: { localEngine: boolean }): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  const face = findings.faces[0];
  const needsFace = tool !== "body_shaper";

  if (tool === "body_shaper") {
    const hasTorso = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"].every((part) =>
      findings.poseParts.some((found) => found === part),
    );
    // The local engine's warps are driven by the shoulders and hips; a hosted model may manage.
    if (!hasTorso) problems.push({ code: "noBody", blocking: options.localEngine });
  }
  if (!face) {
    if (needsFace) problems.push({ code: "noFace", blocking: true });
    return problems;
  }
  if (findings.faces.length > 1) problems.push({ code: "severalFaces", blocking: tool === "headshot_pro" });
  if (needsFace && face.box.width < Math.max(minFacePixels, minFaceShare * Math.min(findings.width, findings.height))) {
    problems.push({ code: "faceTooSmall", blocking: false });
  }
  if (face.brightness < minFaceBrightness) problems.push({ code: "tooDark", blocking: false });
  if (face.sharpness < minFaceSharpness) problems.push({ code: "tooBlurry", blocking: false });
  return problems;
}
