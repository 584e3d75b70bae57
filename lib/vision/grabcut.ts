import { getOpenCv } from "./opencv";
import type { RgbImage } from "./raster";

/**
 * OpenCV's GrabCut (Rother, Kolmogorov and Blake 2004): colour models of the object and of its
 * background, learnt from seed labels, and a graph cut that follows the photo's own edges
 * between them. The seeds say per pixel what is sure and what is only likely; GrabCut decides
 * the likely ones.
 */

/** The seed labels, OpenCV's GC_BGD, GC_FGD, GC_PR_BGD and GC_PR_FGD. */
export const seed = { background: 0, foreground: 1, probableBackground: 2, probableForeground: 3 } as const;

/** Which pixels of `image` are the object (1) or not (0), after `iterations` rounds from `seeds` (one label a pixel). */
export async function grabCut(image: RgbImage, seeds: Uint8Array, iterations: number): Promise<Uint8Array> {
  const { cv } = await getOpenCv();
  const pixels = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  const labels = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  const backgroundModel = new cv.Mat();
  const foregroundModel = new cv.Mat();
  try {
    pixels.data.set(image.data);
    labels.data.set(seeds);
    cv.grabCut(pixels, labels, new cv.Rect(0, 0, 0, 0), backgroundModel, foregroundModel, iterations, cv.GC_INIT_WITH_MASK);
    return Uint8Array.from(labels.data, (label) => (label === seed.foreground || label === seed.probableForeground ? 1 : 0));
  } finally {
    for (const mat of [pixels, labels, backgroundModel, foregroundModel]) mat.delete();
  }
}
