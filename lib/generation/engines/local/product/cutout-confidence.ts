import type { Mask, RgbImage } from "@/lib/vision/raster";

/**
 * How far a cut-out can be trusted, from the mask and the photo alone (decision 25: a
 * low-confidence cut-out is said at step 1, before any credit is taken). A real object's outline
 * runs along edges of the photo, is one compact shape, takes a fair part of the frame and stands
 * free of most of the frame's border; a cut-out that wandered into a busy background fails
 * several of these at once.
 */

export interface CutoutMeasures {
  /** Share of the outline that runs along a clear edge of the photo (0..1). */
  edgeAgreement: number;
  /** The mask's area over its convex hull's (0..1): ragged or sprawling masks score low. */
  compactness: number;
  /** The mask's share of the frame (0..1). */
  frameShare: number;
  /** Share of the frame's border the mask covers (0..1). */
  borderContact: number;
}

/** Colour gradient magnitude (the largest of the three channels' Sobel responses). */
function gradientMagnitude(image: RgbImage): Float32Array {
  const { width, height, data } = image;
  const magnitude = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const index = y * width + x;
      let strongest = 0;
      const up = (index - width) * 3;
      const down = (index + width) * 3;
      const here = index * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        const topLeft = data[up - 3 + channel]!;
        const topRight = data[up + 3 + channel]!;
        const bottomLeft = data[down - 3 + channel]!;
        const bottomRight = data[down + 3 + channel]!;
        const gx = topRight + 2 * data[here + 3 + channel]! + bottomRight - topLeft - 2 * data[here - 3 + channel]! - bottomLeft;
        const gy = bottomLeft + 2 * data[down + channel]! + bottomRight - topLeft - 2 * data[up + channel]! - topRight;
        strongest = Math.max(strongest, gx * gx + gy * gy);
      }
      magnitude[index] = Math.sqrt(strongest);
    }
  }
  return magnitude;
}

/** The gradient above which the strongest tenth of the photo's gradients lie (a clear edge), from a histogram. */
function strongestTenth(gradient: Float32Array): number {
  const bins = 1024;
  let peak = 0;
  for (const value of gradient) peak = Math.max(peak, value);
  if (peak === 0) return 0;
  const histogram = new Uint32Array(bins);
  for (const value of gradient) histogram[Math.min(bins - 1, Math.floor((value / peak) * bins))]! += 1;
  let above = 0;
  for (let bin = bins - 1; bin >= 0; bin -= 1) {
    above += histogram[bin]!;
    if (above >= gradient.length * 0.1) return (bin / bins) * peak;
  }
  return 0;
}

/** Area of the convex hull of `points` (Andrew's monotone chain, then the shoelace formula). */
function convexHullArea(points: Array<[number, number]>): number {
  if (points.length < 3) return 0;
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Array<[number, number]>) => {
    const hull: Array<[number, number]> = [];
    for (const point of list) {
      while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, point) <= 0) hull.pop();
      hull.push(point);
    }
    hull.pop();
    return hull;
  };
  const hull = [...half(sorted), ...half([...sorted].reverse())];
  let twiceArea = 0;
  for (let i = 0; i < hull.length; i += 1) {
    const [x1, y1] = hull[i]!;
    const [x2, y2] = hull[(i + 1) % hull.length]!;
    twiceArea += x1 * y2 - x2 * y1;
  }
  return Math.abs(twiceArea) / 2;
}

/** The measures of a hard mask (values ≥ 0.5 are the object) over the photo it was cut from, both at the same size. */
export function measureCutout(image: RgbImage, mask: Mask): CutoutMeasures {
  const { width, height } = image;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask.data[y * width + x]! >= 0.5;
  const gradient = gradientMagnitude(image);
  const clearEdge = strongestTenth(gradient);
  const band = Math.max(2, Math.round(Math.max(width, height) * 0.03));
  let area = 0;
  let outline = 0;
  let onEdge = 0;
  let border = 0;
  const corners: Array<[number, number]> = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inside(x, y)) continue;
      area += 1;
      const onFrame = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (x < band || y < band || x >= width - band || y >= height - band) border += 1;
      const isOutline = !onFrame && (!inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1));
      if (onFrame || isOutline) corners.push([x, y], [x + 1, y + 1]);
      if (!isOutline) continue;
      outline += 1;
      // The edge may lie a pixel either side of the mask's outline.
      let strongest = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) strongest = Math.max(strongest, gradient[(y + dy) * width + x + dx]!);
      }
      if (strongest >= clearEdge) onEdge += 1;
    }
  }
  const hull = convexHullArea(corners);
  return {
    edgeAgreement: outline === 0 ? 0 : onEdge / outline,
    compactness: hull === 0 ? 0 : Math.min(1, area / hull),
    frameShare: area / (width * height),
    borderContact: border / (width * height - (width - 2 * band) * (height - 2 * band)),
  };
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * One figure, 0..1, from the measures: the weakest of them decides. At 0.5 (`confidentCutout`)
 * the outline follows clear edges for 80 % of its length, the shape fills 75 % of its hull, it
 * takes between 2 % and 80 % of the frame and hardly presses against the frame's border.
 * Tuned on real product photos (tests/fixtures/photos): the cut-outs that match their object
 * score 0.6 or more; a building, a pile of fruit, a portrait or gravel score below 0.5.
 */
export function cutoutConfidence(measures: CutoutMeasures): number {
  return Math.min(
    clamp((measures.edgeAgreement - 0.65) / 0.3),
    clamp((measures.compactness - 0.6) / 0.3),
    clamp(measures.frameShare / 0.04),
    clamp((0.9 - measures.frameShare) / 0.2),
    clamp(1 - measures.borderContact / 0.1),
  );
}

/** From this confidence on, a cut-out is good enough to sell (step 1 says so below it). */
export const confidentCutout = 0.5;
