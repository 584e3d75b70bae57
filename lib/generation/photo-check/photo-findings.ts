import type { Box } from "@/lib/vision/raster";
import type { PoseKeypointName } from "@/lib/vision/people";

/** What the vision layer found in a photo, the input of the photo check's rules (judge-photo.ts). */
export interface PhotoFindings {
  width: number;
  height: number;
  /** Human faces, largest first, each with the brightness (0..255) and sharpness of its box. */
  faces: Array<{ box: Box; brightness: number; sharpness: number }>;
  /** Body keypoints found of the main person (only when asked for). */
  poseParts: PoseKeypointName[];
}
