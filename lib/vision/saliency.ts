import { boxBlur } from "./mask-filters";
import { createMask, type Mask, type RgbImage } from "./raster";

/**
 * Where the main object of a photo probably is, with no model: the minimum barrier distance
 * from the photo's border (Zhang et al., "Minimum Barrier Salient Object Detection at 80 FPS",
 * ICCV 2015). A pixel the border reaches along a path whose colour hardly rises or falls is
 * background, however busy that background is elsewhere; an object stands behind an edge on
 * every path. Summed over the three channels of CIELAB, plus how far each colour is from the
 * border's palette (the paper's boundary contrast), weighted towards the middle of the frame
 * (product photos centre their product), scaled to 0..1.
 */

/** sRGB's 8-bit values, linearised. */
const linear = Float32Array.from({ length: 256 }, (_, value) => {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

/** sRGB (0..255) to CIELAB, D65. */
function toLab(r: number, g: number, b: number): [number, number, number] {
  const [lr, lg, lb] = [linear[r]!, linear[g]!, linear[b]!];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const y = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The image as three Lab planes, each smoothed a little (the barrier must not jump on noise or JPEG blocks). */
function labPlanes(image: RgbImage): Float32Array[] {
  const count = image.width * image.height;
  const planes = [new Float32Array(count), new Float32Array(count), new Float32Array(count)];
  for (let index = 0; index < count; index += 1) {
    const lab = toLab(image.data[index * 3]!, image.data[index * 3 + 1]!, image.data[index * 3 + 2]!);
    for (let channel = 0; channel < 3; channel += 1) planes[channel]![index] = lab[channel]!;
  }
  return planes.map((plane) => boxBlur(plane, image.width, image.height, 1));
}

/**
 * The fast raster-scan approximation of the minimum barrier distance transform: the barrier of a
 * path is the highest minus the lowest value along it; each pixel keeps the smallest over the
 * paths that reach it from the border, relaxed over its upper and left, then lower and right
 * neighbours, for a few passes.
 */
function barrierDistance(plane: Float32Array, width: number, height: number, passes = 3): Float32Array {
  const distance = new Float32Array(width * height).fill(Number.POSITIVE_INFINITY);
  const upper = Float32Array.from(plane);
  const lower = Float32Array.from(plane);
  for (let x = 0; x < width; x += 1) {
    distance[x] = 0;
    distance[(height - 1) * width + x] = 0;
  }
  for (let y = 0; y < height; y += 1) {
    distance[y * width] = 0;
    distance[y * width + width - 1] = 0;
  }
  const relax = (index: number, from: number) => {
    const value = plane[index]!;
    const high = Math.max(upper[from]!, value);
    const low = Math.min(lower[from]!, value);
    if (high - low < distance[index]!) {
      distance[index] = high - low;
      upper[index] = high;
      lower[index] = low;
    }
  };
  for (let pass = 0; pass < passes; pass += 1) {
    for (let y = 1; y < height - 1; y += 1) {
      for (let x = 1; x < width - 1; x += 1) {
        const index = y * width + x;
        relax(index, index - 1);
        relax(index, index - width);
      }
    }
    for (let y = height - 2; y > 0; y -= 1) {
      for (let x = width - 2; x > 0; x -= 1) {
        const index = y * width + x;
        relax(index, index + 1);
        relax(index, index + width);
      }
    }
  }
  return distance;
}

/** How much nearer the middle counts: 1 at the centre, falling to about 0.3 in the corners. */
function centreWeight(x: number, y: number, width: number, height: number): number {
  const dx = (x + 0.5) / width - 0.5;
  const dy = (y + 0.5) / height - 0.5;
  return Math.exp(-(dx * dx + dy * dy) / (2 * 0.3 * 0.3));
}

/** Lab colours of the border ring, clustered (k-means, a few rounds): the background's palette. */
function borderPalette(planes: Float32Array[], width: number, height: number, clusters = 8): number[][] {
  const ring = Math.max(2, Math.round(Math.min(width, height) * 0.04));
  const samples: number[][] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x >= ring && y >= ring && x < width - ring && y < height - ring) continue;
      const index = y * width + x;
      samples.push([planes[0]![index]!, planes[1]![index]!, planes[2]![index]!]);
    }
  }
  let centres = Array.from({ length: clusters }, (_, k) => [...samples[Math.floor(((k + 0.5) / clusters) * samples.length)]!]);
  for (let round = 0; round < 6; round += 1) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const sample of samples) {
      let best = 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      centres.forEach((centre, k) => {
        const d = (sample[0]! - centre[0]!) ** 2 + (sample[1]! - centre[1]!) ** 2 + (sample[2]! - centre[2]!) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = k;
        }
      });
      const sum = sums[best]!;
      for (let c = 0; c < 3; c += 1) sum[c]! += sample[c]!;
      sum[3]! += 1;
    }
    centres = centres.map((centre, k) => (sums[k]![3]! > 0 ? [0, 1, 2].map((c) => sums[k]![c]! / sums[k]![3]!) : centre));
  }
  return centres;
}

/** The saliency of every pixel of `image` (best given at 150-250 px on the long side), 0..1. */
export function salientObjectMap(image: RgbImage): Mask {
  const { width, height } = image;
  const saliency = createMask(width, height);
  const planes = labPlanes(image);
  for (const plane of planes) {
    const distance = barrierDistance(plane, width, height);
    for (let index = 0; index < distance.length; index += 1) saliency.data[index]! += distance[index]!;
  }
  // Colour unlike any of the border's: a red saucer on brown wood is as salient as the cup on it.
  const palette = borderPalette(planes, width, height);
  for (let index = 0; index < saliency.data.length; index += 1) {
    let nearest = Number.POSITIVE_INFINITY;
    for (const centre of palette) nearest = Math.min(nearest, Math.hypot(planes[0]![index]! - centre[0]!, planes[1]![index]! - centre[1]!, planes[2]![index]! - centre[2]!));
    saliency.data[index]! += nearest;
  }
  let peak = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      saliency.data[index]! *= centreWeight(x, y, width, height);
      peak = Math.max(peak, saliency.data[index]!);
    }
  }
  if (peak > 0) for (let index = 0; index < saliency.data.length; index += 1) saliency.data[index]! /= peak;
  return saliency;
}
