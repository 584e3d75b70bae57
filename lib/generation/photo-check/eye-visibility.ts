import { convexHull, fillPolygon } from "@/lib/generation/engines/local/raster/geometry";
import { quantile } from "@/lib/vision/quantile";
import { createMask, lumaAt, type Point, type RgbImage } from "@/lib/vision/raster";

/**
 * Whether the eyes can be seen (issue 36: sunglasses). Each eye is looked at with the skin just
 * below it, down to the cheekbone: the area a sunglasses lens covers. Without one, that area is
 * mostly skin and the white of the eye, about as light as the cheeks and forehead whatever the
 * skin's tone, the photo's exposure or a squint; behind a dark lens it is well below them. The
 * measure is the median light of the lighter eye's area (a wink or a turned head still shows one
 * eye) over the median light of bare skin; calibrated by npm run checks:calibrate.
 */

/** Skin is sampled in a disc this share of the face's height around each spot. */
const skinSpotRadius = 0.05;
/** An eye area with fewer pixels than this says nothing (a face this small is refused for its size). */
const minEyePixels = 12;

const median = (values: readonly number[]) => quantile(values, 0.5);

/** Luma of every pixel inside the convex hull of `points`. */
function lumasInside(image: RgbImage, points: readonly Point[]): number[] {
  const hull = convexHull(points);
  const left = Math.max(0, Math.floor(Math.min(...hull.map((point) => point.x))));
  const top = Math.max(0, Math.floor(Math.min(...hull.map((point) => point.y))));
  const right = Math.min(image.width - 1, Math.ceil(Math.max(...hull.map((point) => point.x))));
  const bottom = Math.min(image.height - 1, Math.ceil(Math.max(...hull.map((point) => point.y))));
  if (right < left || bottom < top) return [];
  const mask = createMask(right - left + 1, bottom - top + 1);
  fillPolygon(mask, hull.map((point) => ({ x: point.x - left, y: point.y - top })));
  const lumas: number[] = [];
  for (let y = 0; y < mask.height; y += 1) {
    for (let x = 0; x < mask.width; x += 1) if (mask.data[y * mask.width + x]) lumas.push(lumaAt(image, (top + y) * image.width + left + x));
  }
  return lumas;
}

/** Luma of every pixel within `radius` of `centre`. */
function lumasAround(image: RgbImage, centre: Point, radius: number): number[] {
  const lumas: number[] = [];
  const reach = Math.max(1, Math.round(radius));
  for (let dy = -reach; dy <= reach; dy += 1) {
    for (let dx = -reach; dx <= reach; dx += 1) {
      const x = Math.round(centre.x) + dx;
      const y = Math.round(centre.y) + dy;
      if (dx * dx + dy * dy > reach * reach || x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      lumas.push(lumaAt(image, y * image.width + x));
    }
  }
  return lumas;
}

/**
 * The eyes' light against the skin's: near 1 for eyes that can be seen, well under 1 behind
 * dark lenses; null when the eyes are too small to tell.
 */
export function eyeLightToSkin(
  image: RgbImage,
  face: { eyeAreas: readonly (readonly Point[])[]; skinSpots: readonly Point[]; height: number },
): number | null {
  const eyeLights = face.eyeAreas
    .map((area) => lumasInside(image, area))
    .filter((lumas) => lumas.length >= minEyePixels)
    .map(median);
  const skin = face.skinSpots.flatMap((spot) => lumasAround(image, spot, skinSpotRadius * face.height));
  if (eyeLights.length === 0 || skin.length === 0) return null;
  return Math.max(...eyeLights) / Math.max(1, median(skin));
}
