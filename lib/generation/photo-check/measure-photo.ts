import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople, poseKeypointNames, type DetectedFace, type Pose, type PoseKeypointName } from "@/lib/vision/people";
import { meanBrightness, sharpness } from "@/lib/vision/photo-measures";
import type { Box, RgbImage } from "@/lib/vision/raster";
import { eyeLightToSkin } from "./eye-visibility";
import type { FaceFindings, PhotoFindings } from "./photo-findings";

/** The size photos are analysed at: the same as the local engine works at. */
export const analysisSize = 1024;

const degrees = (radians: number | null) => (radians === null ? null : (radians * 180) / Math.PI);

/** The box of the face's outline: the face itself, without the background Human's box takes in. */
function outlineBox(face: DetectedFace): Box {
  const xs = face.contour.map((point) => point.x);
  const ys = face.contour.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function measureFace(image: RgbImage, face: DetectedFace): FaceFindings {
  const outline = outlineBox(face);
  // The mesh goes on past the photo's edge where the face is cut (a point 1% of the face's
  // height outside counts, so a face touching the edge is not cut).
  const slack = 0.01 * outline.height;
  const outside = face.contour.filter(
    ({ x, y }) => x < -slack || y < -slack || x > image.width - 1 + slack || y > image.height - 1 + slack,
  ).length;
  return {
    box: face.box,
    detectorScore: face.detectorScore,
    height: outline.height,
    outsideShare: outside / face.contour.length,
    yaw: degrees(face.yaw),
    pitch: degrees(face.pitch),
    brightness: meanBrightness(image, face.box),
    sharpness: sharpness(image, outline),
    eyeLight: eyeLightToSkin(image, { ...face, height: outline.height }),
  };
}

/**
 * Share of each side next to the photo's edge where a body part does not count: the pose model
 * puts the parts of a body cut by the frame on its edge (a head-and-shoulders portrait's hips
 * land at 98% of its height, scored like real ones), while parts in view lie inside it.
 */
const poseEdgeMargin = 0.04;

function partsInView(pose: Pose | null, image: RgbImage): PoseKeypointName[] {
  const inside = (value: number, side: number) => value > side * poseEdgeMargin && value < side * (1 - poseEdgeMargin);
  return poseKeypointNames.filter((name) => {
    const part = pose?.[name];
    return part !== undefined && inside(part.position.x, image.width) && inside(part.position.y, image.height);
  });
}

/** Runs in the local engine's process: faces with their size, framing, pose, light and focus, and the pose if asked. */
export async function measurePhoto(bytes: Uint8Array, options: { pose: boolean }): Promise<PhotoFindings> {
  const image = await decodeRgb(bytes, analysisSize);
  const people = await detectPeople(image, options);
  return {
    width: image.width,
    height: image.height,
    faces: people.faces.map((face) => measureFace(image, face)),
    poseParts: partsInView(people.pose, image),
  };
}
