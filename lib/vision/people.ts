import * as tf from "@tensorflow/tfjs-core";
import type { FaceResult, Point as HumanPoint, Result } from "@vladmandic/human";
import type { Box, Point, RgbImage } from "./raster";
import { confidentFaceScore } from "./face-confidence";
import { detectionSettings, runExclusive } from "./vision-models";

/**
 * Faces (box, 478-point mesh, eyes, contour) and one body pose, found by Human. A face counts
 * only when the face mesh is confident too: the detector alone takes a cat's face for a
 * person's, the mesh does not.
 */

export interface DetectedFace {
  box: Box;
  /** The detector's confidence (0..1). */
  detectorScore: number;
  /** The face mesh's confidence that this is a human face (0..1). */
  meshScore: number;
  /** 478 points: 468 of the face mesh and 10 of the irises, in image pixels. */
  mesh: Point[];
  /** The face's outline, 36 points around forehead, temples, cheeks and chin. */
  contour: Point[];
  /** Eye centres, the one further left in the image first. */
  eyes: readonly [Point, Point];
  /** Lowest point of the chin and highest of the forehead outline. */
  chin: Point;
  foreheadTop: Point;
  /** Roll of the eye line in radians (0 = level). */
  roll: number;
  /** Turn of the head from the face mesh in radians (0 = facing the camera), when Human gives it. */
  yaw: number | null;
  /** Nod of the head from the face mesh in radians (0 = level), when Human gives it. */
  pitch: number | null;
  /** Outlines of the eyes with their brows and of the lips: the parts of a face that are not skin. */
  features: Point[][];
  /** Each eye from its upper lid down to the skin below it, one outline an eye: what a sunglasses lens covers. */
  eyeAreas: Point[][];
  /** Middle of each cheek and of the forehead: bare skin on almost every face. */
  skinSpots: Point[];
}

/** MoveNet's 17 body keypoints; left and right are the person's own. */
export const poseKeypointNames = [
  "nose", "leftEye", "rightEye", "leftEar", "rightEar", "leftShoulder", "rightShoulder", "leftElbow", "rightElbow",
  "leftWrist", "rightWrist", "leftHip", "rightHip", "leftKnee", "rightKnee", "leftAnkle", "rightAnkle",
] as const;
export type PoseKeypointName = (typeof poseKeypointNames)[number];

const isPoseKeypointName = (name: string): name is PoseKeypointName => poseKeypointNames.some((known) => known === name);

export interface PoseKeypoint {
  position: Point;
  score: number;
}

export type Pose = Partial<Record<PoseKeypointName, PoseKeypoint>>;

export interface PeopleInPhoto {
  faces: DetectedFace[];
  /** The most prominent person's body keypoints (MoveNet), when asked for and found. */
  pose: Pose | null;
}

/** Below this mesh confidence a detection is not a human face (cats, dolls, patterns). */
export const minFaceMeshScore = 0.5;
/** MoveNet keypoints below this score are guesses and left out. */
const minKeypointScore = 0.3;

const toPoint = ([x, y]: HumanPoint): Point => ({ x, y });

function centre(points: readonly HumanPoint[] | undefined): Point | null {
  if (!points || points.length === 0) return null;
  const sum = points.reduce((total, [x, y]) => ({ x: total.x + x, y: total.y + y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

/** The face mesh's point in the middle of the forehead (Human names cheeks, not the forehead). */
const foreheadMeshIndex = 151;

/** Outline of several annotation lines together (eye upper and lower lid, brow, ...). */
function outline(face: FaceResult, names: ReadonlyArray<keyof FaceResult["annotations"]>): Point[] {
  return names.flatMap((name) => face.annotations[name] ?? []).map(toPoint);
}

function toFace(face: FaceResult): DetectedFace | null {
  const contour = (face.annotations.silhouette ?? []).map(toPoint);
  const left = centre(face.annotations.leftEyeIris) ?? centre(face.annotations.leftEyeUpper0);
  const right = centre(face.annotations.rightEyeIris) ?? centre(face.annotations.rightEyeUpper0);
  if (contour.length === 0 || !left || !right) return null;
  const eyes: readonly [Point, Point] = left.x <= right.x ? [left, right] : [right, left];
  const chin = contour.reduce((lowest, point) => (point.y > lowest.y ? point : lowest));
  const foreheadTop = contour.reduce((highest, point) => (point.y < highest.y ? point : highest));
  const [x, y, width, height] = face.box;
  return {
    box: { x, y, width, height },
    detectorScore: face.boxScore,
    meshScore: face.faceScore,
    mesh: face.mesh.map(toPoint),
    contour,
    eyes,
    chin,
    foreheadTop,
    roll: Math.atan2(eyes[1].y - eyes[0].y, eyes[1].x - eyes[0].x),
    yaw: face.rotation?.angle.yaw ?? null,
    pitch: face.rotation?.angle.pitch ?? null,
    features: [
      outline(face, ["leftEyeUpper2", "leftEyeLower2", "leftEyebrowUpper", "leftEyebrowLower"]),
      outline(face, ["rightEyeUpper2", "rightEyeLower2", "rightEyebrowUpper", "rightEyebrowLower"]),
      outline(face, ["lipsUpperOuter", "lipsLowerOuter"]),
    ].filter((points) => points.length >= 3),
    eyeAreas: [outline(face, ["leftEyeUpper0", "leftEyeLower3"]), outline(face, ["rightEyeUpper0", "rightEyeLower3"])].filter(
      (points) => points.length >= 3,
    ),
    skinSpots: [...outline(face, ["leftCheek", "rightCheek"]), ...(face.mesh[foreheadMeshIndex] ? [toPoint(face.mesh[foreheadMeshIndex])] : [])],
  };
}

function toPose(result: Result): Pose | null {
  const body = result.body[0];
  if (!body) return null;
  const pose: Pose = {};
  for (const keypoint of body.keypoints) {
    if (keypoint.score < minKeypointScore || !isPoseKeypointName(keypoint.part)) continue;
    pose[keypoint.part] = { position: toPoint(keypoint.position), score: keypoint.score };
  }
  return Object.keys(pose).length > 0 ? pose : null;
}

const area = (face: DetectedFace) => face.box.width * face.box.height;
const confident = (face: DetectedFace) => (face.detectorScore >= confidentFaceScore ? 1 : 0);

/** Faces, confident ones first and largest first among them, and optionally the pose of the main person. */
export function detectPeople(image: RgbImage, options: { pose: boolean }): Promise<PeopleInPhoto> {
  return runExclusive(async ({ human }) => {
    const input = tf.tensor4d(Int32Array.from(image.data), [1, image.height, image.width, 3], "int32");
    try {
      const result = await human.detect(input, detectionSettings({ pose: options.pose, describe: false }));
      const faces = result.face
        .filter((face) => face.faceScore >= minFaceMeshScore)
        .map(toFace)
        .filter((face): face is DetectedFace => face !== null)
        .sort((a, b) => confident(b) - confident(a) || area(b) - area(a));
      return { faces, pose: options.pose ? toPose(result) : null };
    } finally {
      input.dispose();
    }
  });
}
