import { smoothstepMask } from "@/lib/vision/mask-filters";
import { createMask, type Mask, type RgbImage } from "@/lib/vision/raster";
import { convexHull, fillPolygon, scaleAround } from "../raster/geometry";
import { blurMask } from "../raster/pixels";
import { headTopOf, type Subject } from "../subject";

/**
 * The hair of the main person: person pixels around the head, minus the face (its mesh outline),
 * minus skin-coloured pixels (ears, neck, forehead) and minus what does not look like the hair
 * seen just above the forehead (collars, clothing, background the matte caught), feathered.
 */

interface ColourStats {
  mean: [number, number, number];
  spread: number;
}

function statsOf(image: RgbImage, pick: (x: number, y: number) => boolean, box: { x0: number; y0: number; x1: number; y1: number }): ColourStats | null {
  const sum = [0, 0, 0];
  let squares = 0;
  let count = 0;
  for (let y = Math.max(0, box.y0); y < Math.min(image.height, box.y1); y += 1) {
    for (let x = Math.max(0, box.x0); x < Math.min(image.width, box.x1); x += 1) {
      if (!pick(x, y)) continue;
      const offset = (y * image.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) sum[channel]! += image.data[offset + channel]!;
      count += 1;
    }
  }
  if (count < 20) return null;
  const mean: [number, number, number] = [sum[0]! / count, sum[1]! / count, sum[2]! / count];
  for (let y = Math.max(0, box.y0); y < Math.min(image.height, box.y1); y += 1) {
    for (let x = Math.max(0, box.x0); x < Math.min(image.width, box.x1); x += 1) {
      if (!pick(x, y)) continue;
      const offset = (y * image.width + x) * 3;
      squares += (image.data[offset]! - mean[0]) ** 2 + (image.data[offset + 1]! - mean[1]) ** 2 + (image.data[offset + 2]! - mean[2]) ** 2;
    }
  }
  return { mean, spread: Math.sqrt(squares / count) };
}

/**
 * Colour distance that weighs brightness less than hue: a strand in shadow is still hair, while
 * skin and hair of the same brightness differ in their red and yellow.
 */
function distance(image: RgbImage, index: number, colour: readonly number[]): number {
  const dr = image.data[index * 3]! - colour[0]!;
  const dg = image.data[index * 3 + 1]! - colour[1]!;
  const db = image.data[index * 3 + 2]! - colour[2]!;
  const dLuma = 0.299 * dr + 0.587 * dg + 0.114 * db;
  const dCb = -0.1687 * dr - 0.3313 * dg + 0.5 * db;
  const dCr = 0.5 * dr - 0.4187 * dg - 0.0813 * db;
  return Math.sqrt(0.12 * dLuma * dLuma + 2.5 * (dCb * dCb + dCr * dCr));
}

export function hairMask(subject: Subject): Mask {
  const { image, face, personMask } = subject;
  const { width, height } = image;
  const faceWidth = face.box.width;
  const headTop = headTopOf(subject);
  const region = {
    x0: Math.floor(face.box.x - faceWidth * 0.75),
    x1: Math.ceil(face.box.x + faceWidth * 1.75),
    y0: Math.floor(headTop - faceWidth * 0.1),
    y1: Math.ceil(face.chin.y + (face.chin.y - face.foreheadTop.y) * 0.5),
  };
  const faceArea = createMask(width, height);
  fillPolygon(faceArea, scaleAround(face.contour, 0.98), 1);
  // Above the brows the outline often includes a fringe: there, colour decides (below).
  const browTop = Math.min(...face.features.flatMap((feature) => feature.map((point) => point.y)));
  faceArea.data.fill(0, 0, Math.max(0, Math.floor(browTop - faceWidth * 0.06)) * width);
  for (const feature of face.features) fillPolygon(faceArea, convexHull(feature), 1);
  const person = (x: number, y: number) => personMask.data[y * width + x]! > 0.6;

  // The hair's own colour, from the band between the top of the head and the forehead outline.
  const seed = statsOf(image, (x, y) => person(x, y) && faceArea.data[y * width + x]! === 0, {
    x0: Math.floor(face.box.x + faceWidth * 0.15),
    x1: Math.ceil(face.box.x + faceWidth * 0.85),
    y0: headTop,
    y1: Math.max(headTop + 2, Math.floor(face.foreheadTop.y)),
  });
  // The skin's colour, from the cheeks.
  const skin = statsOf(image, (x, y) => faceArea.data[y * width + x]! === 1, {
    x0: Math.floor(face.box.x + faceWidth * 0.2),
    x1: Math.ceil(face.box.x + faceWidth * 0.8),
    y0: Math.floor(face.eyes[0].y + faceWidth * 0.12),
    y1: Math.floor(face.chin.y - faceWidth * 0.25),
  });

  const mask = createMask(width, height);
  if (!seed) return mask;
  const hairReach = Math.max(40, seed.spread * 2.4);
  const contourXs = face.contour.map((point) => point.x);
  const faceLeft = Math.min(...contourXs);
  const faceRight = Math.max(...contourXs);
  for (let y = Math.max(0, region.y0); y < Math.min(height, region.y1); y += 1) {
    // Below the chin hair falls beside the neck, never in front of it.
    const belowChin = y > face.chin.y - faceWidth * 0.05;
    for (let x = Math.max(0, region.x0); x < Math.min(width, region.x1); x += 1) {
      const index = y * width + x;
      const personWeight = personMask.data[index]!;
      if (personWeight < 0.3 || faceArea.data[index] === 1) continue;
      if (belowChin && x > faceLeft + faceWidth * 0.05 && x < faceRight - faceWidth * 0.05) continue;
      if (belowChin && (x < faceLeft - faceWidth * 0.3 || x > faceRight + faceWidth * 0.3)) continue;
      const toHair = distance(image, index, seed.mean);
      const hairLikeness = Math.max(0, 1 - toHair / hairReach);
      // Closer to the hair's colour than to the skin's: hair (fair skin and blond hair are close).
      const toSkin = skin ? distance(image, index, skin.mean) : Number.POSITIVE_INFINITY;
      const hairSide = Math.min(1, Math.max(0, (toSkin / (toHair + toSkin + 1e-3) - 0.42) / 0.16));
      mask.data[index] = personWeight * Math.min(1, hairLikeness * 1.6) * (y < headTop + (face.foreheadTop.y - headTop) * 0.5 ? 1 : hairSide);
    }
  }
  // Below the chin keep only hair that hangs from the hair above (not a collar of the same colour),
  // fading out towards the shoulders.
  const fadeStart = Math.max(1, Math.floor(face.chin.y));
  const fadeEnd = region.y1;
  for (let y = fadeStart; y < Math.min(height, fadeEnd); y += 1) {
    const keep = 1 - (y - fadeStart) / Math.max(1, fadeEnd - fadeStart);
    for (let x = 1; x < width - 1; x += 1) {
      const above = (y - 1) * width + x;
      const attached = Math.max(mask.data[above - 1]!, mask.data[above]!, mask.data[above + 1]!) > 0.2;
      mask.data[y * width + x] = attached ? mask.data[y * width + x]! * keep : 0;
    }
  }
  // Closing: highlights and deep shadows inside the hair (far from its mean colour) are hair too.
  return smoothstepMask(blurMask(mask, Math.max(2, faceWidth / 50)), 0.2, 0.55);
}
