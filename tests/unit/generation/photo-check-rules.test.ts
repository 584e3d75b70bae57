import { describe, expect, it } from "vitest";
import { confidentCutout } from "@/lib/generation/engines/local/product/cutout-confidence";
import { judgePhoto, judgeProductCutout, judgeProductPhoto, photoThresholds } from "@/lib/generation/photo-check/judge-photo";
import type { FaceFindings, PhotoFindings } from "@/lib/generation/photo-check/photo-findings";

/** The photo check's rules (decision 25) on findings at and around each threshold. */

const face: FaceFindings = {
  box: { x: 300, y: 200, width: 250, height: 300 },
  detectorScore: 0.85,
  height: 200,
  outsideShare: 0,
  yaw: 2,
  pitch: 6,
  brightness: 130,
  sharpness: 140,
  eyeLight: 0.8,
};
const findings = (faces: FaceFindings[], values: Partial<PhotoFindings> = {}): PhotoFindings => ({ width: 1024, height: 1024, faces, poseParts: [], ...values });
const refusing = { refuses: true };
const headshot = (...faces: FaceFindings[]) => judgePhoto("headshot_pro", findings(faces), refusing);

describe("photo check rules", () => {
  it("accepts one sharp, lit, frontal face of a good size, whole in the frame", () => {
    expect(headshot(face)).toEqual([]);
    expect(judgePhoto("hair_changer", findings([face]), refusing)).toEqual([]);
  });

  it("refuses a photo without a face", () => {
    expect(headshot()).toEqual([{ code: "noFace", blocking: true }]);
  });

  it("refuses a second face of similar size, only warns for Body Shaper, and ignores faces far in the background", () => {
    const second = { ...face, height: 150 };
    expect(headshot(face, second)).toEqual([{ code: "severalFaces", blocking: true }]);
    expect(judgePhoto("hair_changer", findings([face, second]), refusing)).toEqual([{ code: "severalFaces", blocking: true }]);
    const torso: PhotoFindings["poseParts"] = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"];
    expect(judgePhoto("body_shaper", findings([face, second], { poseParts: torso }), refusing)).toEqual([{ code: "severalFaces", blocking: false }]);
    const background = { ...face, height: photoThresholds.secondFaceShare * face.height - 1 };
    expect(headshot(face, background, background)).toEqual([]);
    // The main face is the largest, whatever order the detector gave.
    expect(headshot(background, face)).toEqual([]);
  });

  it("never counts an unconfident detection (a blurred portrait's suit) as a second face, nor as the main one beside a real face", () => {
    const shape = { ...face, detectorScore: 0.45, height: 320, outsideShare: 0.4 };
    expect(headshot(face, shape)).toEqual([]);
    expect(headshot(shape, face)).toEqual([]);
  });

  it("judges the likeliest detection when none is confident, so a face cut at the chin is said as cut, not missing", () => {
    expect(headshot({ ...face, detectorScore: 0.49, outsideShare: 3 / 36 })).toEqual([{ code: "faceCutOff", blocking: true }]);
  });

  it("refuses a face too small for the output and warns about a borderline one", () => {
    expect(headshot({ ...face, height: photoThresholds.minFaceHeight - 1 })).toEqual([{ code: "faceTooSmall", blocking: true }]);
    expect(headshot({ ...face, height: photoThresholds.minFaceHeight })).toEqual([{ code: "faceTooSmall", blocking: false }]);
    expect(headshot({ ...face, height: photoThresholds.comfortableFaceHeight - 1 })).toEqual([{ code: "faceTooSmall", blocking: false }]);
    expect(headshot({ ...face, height: photoThresholds.comfortableFaceHeight })).toEqual([]);
  });

  it("refuses a face cut by the photo's edge, tolerating one stray outline point", () => {
    expect(headshot({ ...face, outsideShare: 1 / 36 })).toEqual([]);
    expect(headshot({ ...face, outsideShare: 2 / 36 })).toEqual([{ code: "faceCutOff", blocking: true }]);
  });

  it("warns about a head turned or nodded away, and says nothing when the mesh gave no angle", () => {
    expect(headshot({ ...face, yaw: -(photoThresholds.maxYaw + 1) })).toEqual([{ code: "notFrontal", blocking: false }]);
    expect(headshot({ ...face, pitch: photoThresholds.maxPitch + 1 })).toEqual([{ code: "notFrontal", blocking: false }]);
    expect(headshot({ ...face, yaw: photoThresholds.maxYaw, pitch: -photoThresholds.maxPitch })).toEqual([]);
    expect(headshot({ ...face, yaw: null, pitch: null })).toEqual([]);
  });

  it("warns about a dark face", () => {
    expect(headshot({ ...face, brightness: photoThresholds.minFaceBrightness - 1 })).toEqual([{ code: "tooDark", blocking: false }]);
  });

  it("warns about a soft face and refuses a very blurred one", () => {
    expect(headshot({ ...face, sharpness: photoThresholds.comfortableSharpness - 1 })).toEqual([{ code: "tooBlurry", blocking: false }]);
    expect(headshot({ ...face, sharpness: photoThresholds.minSharpness - 1 })).toEqual([{ code: "tooBlurry", blocking: true }]);
  });

  it("refuses a headshot whose eyes are hidden, only warns for Hair Changer, and does not judge eyes too small to tell", () => {
    const sunglasses = { ...face, eyeLight: photoThresholds.minEyeLight - 0.01 };
    expect(headshot(sunglasses)).toEqual([{ code: "eyesHidden", blocking: true }]);
    expect(judgePhoto("hair_changer", findings([sunglasses]), refusing)).toEqual([{ code: "eyesHidden", blocking: false }]);
    expect(headshot({ ...face, eyeLight: photoThresholds.minEyeLight })).toEqual([]);
    expect(headshot({ ...face, eyeLight: null })).toEqual([]);
    expect(headshot({ ...sunglasses, height: photoThresholds.comfortableFaceHeight - 1 })).toEqual([{ code: "faceTooSmall", blocking: false }]);
    const torso: PhotoFindings["poseParts"] = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"];
    expect(judgePhoto("body_shaper", findings([sunglasses], { poseParts: torso }), refusing)).toEqual([]);
  });

  it("lists every problem of a photo", () => {
    expect(headshot({ ...face, height: 40, sharpness: 10, brightness: 40, yaw: 40 })).toEqual([
      { code: "faceTooSmall", blocking: true },
      { code: "notFrontal", blocking: false },
      { code: "tooDark", blocking: false },
      { code: "tooBlurry", blocking: true },
    ]);
  });

  it("only warns for the preview engine, whose stand-in images need nothing of the photo", () => {
    expect(judgePhoto("headshot_pro", findings([]), { refuses: false })).toEqual([{ code: "noFace", blocking: false }]);
    expect(judgePhoto("headshot_pro", findings([{ ...face, height: 30 }]), { refuses: false })).toEqual([{ code: "faceTooSmall", blocking: false }]);
  });

  it("asks Body Shaper for shoulders and hips, not for a face, and never refuses its photo for the face's size or focus", () => {
    expect(judgePhoto("body_shaper", findings([face], { poseParts: ["leftShoulder", "rightShoulder"] }), refusing)).toEqual([{ code: "noBody", blocking: true }]);
    const torso: PhotoFindings["poseParts"] = ["leftShoulder", "rightShoulder", "leftHip", "rightHip"];
    expect(judgePhoto("body_shaper", findings([], { poseParts: torso }), refusing)).toEqual([]);
    expect(judgePhoto("body_shaper", findings([{ ...face, height: 30, outsideShare: 0.5, sharpness: 5 }], { poseParts: torso }), refusing)).toEqual([
      { code: "tooBlurry", blocking: false },
    ]);
  });
});

describe("AI Product's photo", () => {
  const portraitShare = photoThresholds.portraitFaceShare;
  it("is a portrait when a confident face fills a quarter of its height or more, and never for a small or doubtful face", () => {
    expect(judgeProductPhoto(findings([{ ...face, height: portraitShare * 1024 }]))).toEqual([{ code: "portraitNotProduct", blocking: true }]);
    // A model holding the product, a face on its packaging, a blurred shape that is no face.
    expect(judgeProductPhoto(findings([{ ...face, height: portraitShare * 1024 - 1 }]))).toEqual([]);
    expect(judgeProductPhoto(findings([{ ...face, height: 600, detectorScore: 0.3 }]))).toEqual([]);
    expect(judgeProductPhoto(findings([]))).toEqual([]);
  });

  it("judges AI Product's cut-out: one it cannot trust, else a product a square shot enlarges too far", () => {
    const confident = { confidence: confidentCutout, enlargement: 1.5 };
    expect(judgeProductCutout(confident)).toEqual([]);
    expect(judgeProductCutout({ ...confident, confidence: confidentCutout - 0.01 })).toEqual([{ code: "productNotClear", blocking: true }]);
    // An untrusted cut-out's size says nothing: only the doubt is said.
    expect(judgeProductCutout({ confidence: 0.1, enlargement: 20 })).toEqual([{ code: "productNotClear", blocking: true }]);
    expect(judgeProductCutout({ ...confident, enlargement: photoThresholds.comfortableProductEnlargement })).toEqual([]);
    expect(judgeProductCutout({ ...confident, enlargement: photoThresholds.comfortableProductEnlargement + 0.1 })).toEqual([{ code: "productTooSmall", blocking: false }]);
    expect(judgeProductCutout({ ...confident, enlargement: photoThresholds.maxProductEnlargement + 0.1 })).toEqual([{ code: "productTooSmall", blocking: true }]);
  });
});
