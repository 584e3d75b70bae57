import type { Mask, Point } from "@/lib/vision/raster";

/** Polygons on masks: the face outline, the features inside it, hulls of landmark groups. */

/** Convex hull (Andrew's monotone chain), counter-clockwise. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (const point of [...sorted].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, point) <= 0) upper.pop();
    upper.push(point);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Points pushed away from their centre by `factor` (1.1 = 10 % larger). */
export function scaleAround(points: readonly Point[], factor: number): Point[] {
  const cx = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const cy = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  return points.map((point) => ({ x: cx + (point.x - cx) * factor, y: cy + (point.y - cy) * factor }));
}

/** Fills a polygon (even-odd rule, scanline) into `mask` with `value`. */
export function fillPolygon(mask: Mask, polygon: readonly Point[], value = 1): void {
  if (polygon.length < 3) return;
  const minY = Math.max(0, Math.floor(Math.min(...polygon.map((point) => point.y))));
  const maxY = Math.min(mask.height - 1, Math.ceil(Math.max(...polygon.map((point) => point.y))));
  const crossings: number[] = [];
  for (let y = minY; y <= maxY; y += 1) {
    const scanY = y + 0.5;
    crossings.length = 0;
    for (let index = 0; index < polygon.length; index += 1) {
      const a = polygon[index]!;
      const b = polygon[(index + 1) % polygon.length]!;
      if ((a.y <= scanY && b.y > scanY) || (b.y <= scanY && a.y > scanY)) {
        crossings.push(a.x + ((scanY - a.y) / (b.y - a.y)) * (b.x - a.x));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let index = 0; index + 1 < crossings.length; index += 2) {
      const from = Math.max(0, Math.ceil(crossings[index]! - 0.5));
      const to = Math.min(mask.width - 1, Math.floor(crossings[index + 1]! - 0.5));
      for (let x = from; x <= to; x += 1) mask.data[y * mask.width + x] = value;
    }
  }
}
