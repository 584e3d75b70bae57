import type { Box } from "@/lib/vision/raster";
import type { PoseKeypointName } from "@/lib/vision/people";

/** One face the vision layer found, measured for the photo check's rules (judge-photo.ts). */
export interface FaceFindings {
  box: Box;
  /** The face detector's confidence (0..1): low for shapes a blurred photo makes look like a face. */
  detectorScore: number;
  /** Forehead to chin along the face outline, in analysis pixels: the face's size. */
  height: number;
  /** Share (0..1) of the face outline that lies outside the photo: above 0, the face is cut by an edge. */
  outsideShare: number;
  /** Head turn and nod from the face mesh in degrees (0 = facing the camera), null when unknown. */
  yaw: number | null;
  pitch: number | null;
  /** Mean luma of the face's box (0..255). */
  brightness: number;
  /** Variance of the Laplacian of the face on a fixed grid (photo-measures.ts). */
  sharpness: number;
  /** Light of the eyes over the skin's (eye-visibility.ts): well under 1 behind sunglasses; null when too small to tell. */
  eyeLight: number | null;
}

/** What the vision layer found in a photo, the input of the photo check's rules (judge-photo.ts). */
export interface PhotoFindings {
  /** The size the photo was analysed at (at most 1024 px a side). */
  width: number;
  height: number;
  /** Human faces, largest first. */
  faces: FaceFindings[];
  /** Body keypoints of the main person in view, not on the photo's edge (only when asked for). */
  poseParts: PoseKeypointName[];
}

/** What AI Product's cut-out of a photo says of it on the local engine (judge-photo.ts judges it). */
export interface ProductCutoutFindings {
  /** 0..1; below `confidentCutout` the cut-out is not trusted (cutout-confidence.ts). */
  confidence: number;
  /** How many times a square shot enlarges the product (render-product.ts): a small product comes out soft. */
  enlargement: number;
}
