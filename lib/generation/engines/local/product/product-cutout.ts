import { shrinkRgb } from "@/lib/images/rgb-raster";
import { guidedFilter, resizeMask, smoothstepMask } from "@/lib/vision/mask-filters";
import { lumaPlane, type Mask, type RgbImage } from "@/lib/vision/raster";
import { cutoutConfidence, measureCutout, type CutoutMeasures } from "./cutout-confidence";
import { plainBackdropMask } from "./plain-backdrop";
import { salientObjectMask } from "./salient-cutout";

/**
 * The product cut out of its photo, on any background (issue 37): a plain backdrop is taken away
 * by the backdrop's own colour (plain-backdrop.ts); on any other, the saliency estimate seeds
 * OpenCV's GrabCut (salient-cutout.ts). The hard mask is softened along the photo's own edges by
 * a guided filter, and comes with a confidence that step 1 and the engine act on.
 */

export interface ProductCutout {
  /** The product's soft matte (0..1) at the photo's size. */
  matte: Mask;
  /** 0..1; below `confidentCutout` the cut-out is not trusted (see cutout-confidence.ts). */
  confidence: number;
  measures: CutoutMeasures;
  backdrop: "plain" | "busy";
}

/** The plain backdrop is judged on a copy at most this many pixels on its long side. */
const plainAnalysisSize = 512;
/** GrabCut works on a copy at most this many pixels on its long side (its time grows with the pixels). */
const busyAnalysisSize = 256;

function toMask(hard: Uint8Array, width: number, height: number): Mask {
  return { data: Float32Array.from(hard), width, height };
}

/** The hard mask scaled up to the photo and snapped to its edges (a guided filter on its luma). */
function softMatte(image: RgbImage, hard: Mask): Mask {
  const scaled = resizeMask(hard, image.width, image.height);
  const radius = Math.max(2, Math.round((Math.max(image.width, image.height) / Math.max(hard.width, hard.height)) * 1.5));
  return { data: guidedFilter(lumaPlane(image), scaled.data, image.width, image.height, radius, 1e-3), width: image.width, height: image.height };
}

/** How opaque the product is where the matte says: its soft edge tightened to about two pixels (as placed in the scene). */
export function productAlpha(matte: Mask): Mask {
  return smoothstepMask(matte, 0.45, 0.85);
}

export async function cutOutProduct(image: RgbImage): Promise<ProductCutout> {
  const plainCopy = await shrinkRgb(image, plainAnalysisSize);
  const plain = plainBackdropMask(plainCopy);
  const analysed = plain ? plainCopy : await shrinkRgb(image, busyAnalysisSize);
  const hard = toMask(plain ?? (await salientObjectMask(analysed)) ?? new Uint8Array(analysed.width * analysed.height), analysed.width, analysed.height);
  const measures = measureCutout(analysed, hard);
  // Taken away by the backdrop's own colour, a plain backdrop's cut is exact by construction
  // (plainBackdropMask already refused a backdrop it could not judge); and a product on a
  // seamless backdrop may well touch the frame.
  const confidence = plain ? 1 : cutoutConfidence(measures);
  return { matte: softMatte(image, hard), confidence, measures, backdrop: plain ? "plain" : "busy" };
}
