import type { GenerationTool } from "@/db/schema";
import { confidentFaceScore } from "@/lib/vision/face-confidence";
import { confidentCutout } from "../engines/local/product/cutout-confidence";
import type { FaceFindings, PhotoFindings, ProductCutoutFindings } from "./photo-findings";

/**
 * The photo check's rules (issue 20), shared by the upload step, the review step and the
 * server's check before credits are taken (decision 25). A blocking problem means no real result
 * can be made from this photo; a warning means it can, but worse, so the user may go on.
 * The same for every engine that makes a real image, local or hosted; on the preview engine, whose
 * stand-ins need nothing of the photo, every problem is a warning.
 */

export const photoProblemCodes = [
  "noFace",
  "severalFaces",
  "faceTooSmall",
  "faceCutOff",
  "notFrontal",
  "tooDark",
  "tooBlurry",
  "eyesHidden",
  "noBody",
  "productNotClear",
  "productTooSmall",
  "portraitNotProduct",
] as const;
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
 * AI Product's checks (issues 36-37): a photo that is a portrait, not a product, is pointed to
 * Headshot Pro on every engine but the preview; on the local engine, whether the product can be
 * cut out of the photo with confidence: "productNotClear" blocks until the user chooses the
 * framed print instead (or another photo), and whether the product is large enough in the photo
 * for a sharp shot; hosted engines do not cut the product out at all.
 */
export const productCheckedTool = "ai_product";
export type CheckedTool = PhotoCheckedTool | typeof productCheckedTool;

/**
 * The thresholds, calibrated on real photos and variants of them (npm run checks:calibrate,
 * README "Photo checks"). Sizes are in pixels of the photo as analysed (at most 1024 a side),
 * which is also what the local engine works from.
 */
export const photoThresholds = {
  /** Faces less confident than this are never a second face, and the main one only when no face is confident. */
  minDetectorScore: confidentFaceScore,
  /** A second face smaller than this share of the main face's height is in the background. */
  secondFaceShare: 0.35,
  /** Forehead-to-chin height of the main face: below the first it blocks, below the second it warns. */
  minFaceHeight: 60,
  comfortableFaceHeight: 110,
  /** Share of the face outline outside the photo above which the face is cut by an edge (1 point of 36 is noise). */
  maxOutsideShare: 0.05,
  /** Head turn and nod, in degrees, beyond which the face is not roughly frontal. */
  maxYaw: 25,
  maxPitch: 25,
  /** Mean face luma (0..255) below which the face is too dark to show skin and hair well. */
  minFaceBrightness: 60,
  /** Face sharpness (photo-measures.ts): below the first it blocks, below the second it warns. */
  minSharpness: 15,
  comfortableSharpness: 60,
  /**
   * Light of the eyes over the skin's (eye-visibility.ts) below which they are hidden, as behind
   * sunglasses: eyes in view measure 0.56 and more on 130 real faces, sunglasses 0.24 to 0.39.
   * Judged only on a face of comfortable size: a smaller face's eyes are a few pixels, too few to tell.
   */
  minEyeLight: 0.47,
  /**
   * A confident face (forehead to chin) at least this share of the photo's height makes an AI
   * Product photo a portrait: a head-and-shoulders portrait measures 0.20, a webcam selfie 0.39;
   * a person shown from head to feet 0.13, a product photo none.
   */
  portraitFaceShare: 0.17,
  /**
   * How many times a square shot may enlarge AI Product's cut-out: beyond the first the shot is
   * soft (warning), beyond the second blurred past use (refused). The product photos of
   * tests/fixtures/photos as they are: 1.3 to 2.3; the cup on white paper at 400 px wide 3.4
   * (slightly soft), at 250 px 5.5 (soft), at 160 px 8.7 (blurred).
   */
  comfortableProductEnlargement: 3,
  maxProductEnlargement: 6,
} as const;

/** The faces the detector is confident of, largest (forehead to chin) first. */
function confidentFaces(findings: PhotoFindings): FaceFindings[] {
  return findings.faces.filter((face) => face.detectorScore >= photoThresholds.minDetectorScore).sort((a, b) => b.height - a.height);
}

/**
 * The faces that count, the main one first: the confident ones, largest first, without those in
 * the background. When none is confident, the most confident detection stands alone as the main
 * face, so its own measures say what is wrong (a face cut at the chin, a photo blurred past
 * recognition) instead of "no face".
 */
function facesThatCount(findings: PhotoFindings): FaceFindings[] {
  const confident = confidentFaces(findings);
  const main = confident[0];
  if (!main) {
    const likeliest = [...findings.faces].sort((a, b) => b.detectorScore - a.detectorScore)[0];
    return likeliest ? [likeliest] : [];
  }
  return confident.filter((face) => face.height >= photoThresholds.secondFaceShare * main.height);
}

/** The face the tools work on, if any (also for the calibration table). */
export function mainFace(findings: PhotoFindings): FaceFindings | undefined {
  return facesThatCount(findings)[0];
}

/**
 * The problems of a photo for a tool. `refuses`: whether a problem its result would fail of is
 * blocking (decision 25: for every engine that makes a real image); off for the preview engine,
 * whose stand-in images need nothing of the photo, so its problems only warn.
 */
export function judgePhoto(tool: PhotoCheckedTool, findings: PhotoFindings, options: { refuses: boolean }): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  const add = (code: PhotoProblemCode, blocking: boolean) => problems.push({ code, blocking: blocking && options.refuses });
  const [face, ...others] = facesThatCount(findings);
  const needsFace = tool !== "body_shaper";
  const limits = photoThresholds;

  if (tool === "body_shaper") {
    const hasTorso = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"].every((part) =>
      findings.poseParts.some((found) => found === part),
    );
    // A body from shoulders to hips is what the tool reshapes (the local engine's warps are driven by them).
    if (!hasTorso) add("noBody", true);
  }
  if (!face) {
    if (needsFace) add("noFace", true);
    return problems;
  }
  // Whose face or hair should change is not for an engine to guess; Body Shaper's pose follows the main person.
  if (others.length > 0) add("severalFaces", needsFace);
  if (needsFace) {
    if (face.outsideShare > limits.maxOutsideShare) add("faceCutOff", true);
    if (face.height < limits.comfortableFaceHeight) add("faceTooSmall", face.height < limits.minFaceHeight);
    const turned = (angle: number | null, limit: number) => angle !== null && Math.abs(angle) > limit;
    if (turned(face.yaw, limits.maxYaw) || turned(face.pitch, limits.maxPitch)) add("notFrontal", false);
  }
  // A headshot shows the eyes (and the likeness guard needs them); a new hair colour does not.
  if (needsFace && face.height >= limits.comfortableFaceHeight && face.eyeLight !== null && face.eyeLight < limits.minEyeLight) {
    add("eyesHidden", tool === "headshot_pro");
  }
  if (face.brightness < limits.minFaceBrightness) add("tooDark", false);
  if (face.sharpness < limits.comfortableSharpness) add("tooBlurry", needsFace && face.sharpness < limits.minSharpness);
  return problems;
}

/** AI Product: a portrait (a selfie) is not a product photo; Headshot Pro is the tool for it. */
export function judgeProductPhoto(findings: PhotoFindings): PhotoProblem[] {
  const face = confidentFaces(findings)[0];
  const portrait = face !== undefined && face.height >= photoThresholds.portraitFaceShare * findings.height;
  return portrait ? [{ code: "portraitNotProduct", blocking: true }] : [];
}

/** AI Product on the local engine: a cut-out it cannot trust, else a product too small in its photo for a sharp shot. */
export function judgeProductCutout(findings: ProductCutoutFindings): PhotoProblem[] {
  if (findings.confidence < confidentCutout) return [{ code: "productNotClear", blocking: true }];
  if (findings.enlargement <= photoThresholds.comfortableProductEnlargement) return [];
  return [{ code: "productTooSmall", blocking: findings.enlargement > photoThresholds.maxProductEnlargement }];
}
