import { guidedFilter } from "@/lib/vision/mask-filters";
import { clampBox, createMask, type Point, type RgbImage } from "@/lib/vision/raster";
import { convexHull, fillPolygon, scaleAround } from "../raster/geometry";
import { blurMask } from "../raster/pixels";

/**
 * Gentle skin smoothing, limited to the skin of the face: inside the face outline, outside the
 * eyes, brows and lips, and only on skin-coloured pixels (so stray hair and glasses stay sharp).
 * Each channel is smoothed by a self-guided filter, which softens blotches and fine texture but
 * keeps edges, then blended in at `strength`.
 */

export interface FaceOutline {
  contour: readonly Point[];
  features: ReadonlyArray<readonly Point[]>;
}

/** How likely a pixel is skin, from its chroma (YCbCr skin cluster, soft edges). */
function skinLikelihood(r: number, g: number, b: number): number {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  const inside = (value: number, low: number, high: number, soft: number) =>
    Math.min(1, Math.max(0, Math.min(value - low, high - value) / soft + 0.5));
  return inside(cb, 77, 130, 8) * inside(cr, 130, 178, 8);
}

export function smoothFaceSkin(image: RgbImage, face: FaceOutline, strength: number): void {
  const xs = face.contour.map((point) => point.x);
  const ys = face.contour.map((point) => point.y);
  const margin = 0.08 * (Math.max(...xs) - Math.min(...xs));
  const region = clampBox(
    { x: Math.min(...xs) - margin, y: Math.min(...ys) - margin, width: Math.max(...xs) - Math.min(...xs) + 2 * margin, height: Math.max(...ys) - Math.min(...ys) + 2 * margin },
    image.width,
    image.height,
  );
  const { width, height } = region;
  const shift = (points: readonly Point[]) => points.map((point) => ({ x: point.x - region.x, y: point.y - region.y }));

  const area = createMask(width, height);
  fillPolygon(area, scaleAround(shift(face.contour), 0.96), 1);
  for (const feature of face.features) fillPolygon(area, scaleAround(convexHull(shift(feature)), 1.35), 0);
  const feathered = blurMask(area, Math.max(2, width / 60));

  const planes = [new Float32Array(width * height), new Float32Array(width * height), new Float32Array(width * height)];
  const weight = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const source = ((region.y + y) * image.width + region.x + x) * 3;
      const index = y * width + x;
      const r = image.data[source]!;
      const g = image.data[source + 1]!;
      const b = image.data[source + 2]!;
      planes[0]![index] = r / 255;
      planes[1]![index] = g / 255;
      planes[2]![index] = b / 255;
      weight[index] = strength * feathered.data[index]! * skinLikelihood(r, g, b);
    }
  }
  const radius = Math.max(2, Math.round(width / 45));
  for (let channel = 0; channel < 3; channel += 1) {
    const plane = planes[channel]!;
    const smoothed = guidedFilter(plane, plane, width, height, radius, 0.0025);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const index = y * width + x;
        const w = weight[index]!;
        if (w <= 0) continue;
        const target = ((region.y + y) * image.width + region.x + x) * 3 + channel;
        image.data[target] = Math.round((plane[index]! + (smoothed[index]! - plane[index]!) * w) * 255);
      }
    }
  }
}
