import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople, poseKeypointNames } from "@/lib/vision/people";
import { meanBrightness, sharpness } from "@/lib/vision/photo-measures";
import type { PhotoFindings } from "./photo-findings";

/** The size photos are analysed at: the same as the local engine works at. */
export const analysisSize = 1024;

/** Runs in the local engine's process: faces with their light and focus, and the pose if asked. */
export async function measurePhoto(bytes: Uint8Array, options: { pose: boolean }): Promise<PhotoFindings> {
  const image = await decodeRgb(bytes, analysisSize);
  const people = await detectPeople(image, options);
  return {
    width: image.width,
    height: image.height,
    faces: people.faces.map((face) => ({
      box: face.box,
      brightness: meanBrightness(image, face.box),
      sharpness: sharpness(image, face.box),
    })),
    poseParts: poseKeypointNames.filter((name) => people.pose?.[name] !== undefined),
  };
}
