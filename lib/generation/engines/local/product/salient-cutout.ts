import { grabCut, seed } from "@/lib/vision/grabcut";
import { resizeMask } from "@/lib/vision/mask-filters";
import { quantile } from "@/lib/vision/quantile";
import { salientObjectMap } from "@/lib/vision/saliency";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { shrinkRgb } from "@/lib/images/rgb-raster";
import { fillSmallHoles, labelRegions, largestRegion } from "../raster/regions";

/**
 * The main object of a photo on any background: the saliency estimate says roughly where it
 * is and which pixels are likely it, GrabCut decides them along the photo's edges.
 */

/** Saliency is judged on a copy at most this many pixels on its long side. */
const saliencySize = 200;
const grabCutIterations = 4;

/** Otsu's threshold of values in 0..1: the split that best separates two groups. */
function otsuThreshold(values: Float32Array): number {
  const bins = 64;
  const histogram = new Float64Array(bins);
  for (const value of values) histogram[Math.min(bins - 1, Math.max(0, Math.floor(value * bins)))]! += 1;
  let total = 0;
  let weighted = 0;
  for (let bin = 0; bin < bins; bin += 1) {
    total += histogram[bin]!;
    weighted += bin * histogram[bin]!;
  }
  let below = 0;
  let belowWeighted = 0;
  let best = 0;
  let bestBin = bins / 2;
  for (let bin = 0; bin < bins - 1; bin += 1) {
    below += histogram[bin]!;
    belowWeighted += bin * histogram[bin]!;
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const difference = belowWeighted / below - (weighted - belowWeighted) / above;
    const between = below * above * difference * difference;
    if (between > best) {
      best = between;
      bestBin = bin;
    }
  }
  return (bestBin + 1) / bins;
}

/** Saliency at the size of `image`, stretched so its 98th percentile is 1. */
export async function saliencyOf(image: RgbImage): Promise<Mask> {
  const small = await shrinkRgb(image, saliencySize);
  const map = salientObjectMap(small);
  const top = Math.max(1e-6, quantile(map.data, 0.98));
  const stretched = { ...map, data: map.data.map((value) => Math.min(1, value / top)) };
  return small === image ? stretched : resizeMask(stretched, image.width, image.height);
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boxOf(mask: Uint8Array, width: number, height: number): Box | null {
  const box = { x0: width, y0: height, x1: 0, y1: 0 };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] !== 1) continue;
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
    }
  }
  return box.x1 > box.x0 ? box : null;
}

/** The salient region most likely the product: the most saliency, weighted towards the middle. */
function mainRegion(salient: Uint8Array, saliency: Mask): Uint8Array {
  const { width, height } = saliency;
  const regions = labelRegions(salient, width, height, 1);
  const scores = new Float64Array(regions.sizes.length);
  for (let index = 0; index < salient.length; index += 1) {
    const label = regions.labels[index]!;
    if (label === 0) continue;
    const dx = (index % width) / width - 0.5;
    const dy = Math.floor(index / width) / height - 0.5;
    scores[label]! += saliency.data[index]! * Math.exp(-(dx * dx + dy * dy) / (2 * 0.25 * 0.25));
  }
  let best = 0;
  for (let label = 1; label < scores.length; label += 1) if (scores[label]! > (scores[best] ?? 0)) best = label;
  return Uint8Array.from(regions.labels, (label) => (best > 0 && label === best ? 1 : 0));
}

/**
 * The seeds: outside the main salient region's box (grown by a tenth of the frame) and on a thin
 * ring round the frame surely background; inside the box likely the object where the saliency
 * reaches 60 % of Otsu's threshold (a saucer less salient than its cup is still the product),
 * likely background elsewhere.
 */
function seedsFrom(saliency: Mask): { seeds: Uint8Array; box: Box } | null {
  const { width, height, data } = saliency;
  const threshold = otsuThreshold(data);
  const core = mainRegion(Uint8Array.from(data, (value) => (value > threshold ? 1 : 0)), saliency);
  const box = boxOf(core, width, height);
  if (!box) return null;
  const margin = Math.round(Math.max(width, height) * 0.1);
  const roi = { x0: Math.max(0, box.x0 - margin), y0: Math.max(0, box.y0 - margin), x1: Math.min(width, box.x1 + margin), y1: Math.min(height, box.y1 + margin) };
  const seeds = new Uint8Array(width * height).fill(seed.background);
  for (let y = roi.y0; y < roi.y1; y += 1) {
    for (let x = roi.x0; x < roi.x1; x += 1) {
      const index = y * width + x;
      seeds[index] = core[index] === 1 || data[index]! > threshold * 0.6 ? seed.probableForeground : seed.probableBackground;
    }
  }
  const ring = Math.max(1, Math.round(Math.max(width, height) * 0.01));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      if ((x < ring || y < ring || x >= width - ring || y >= height - ring) && core[index] !== 1) seeds[index] = seed.background;
    }
  }
  return { seeds, box: roi };
}

/** The object's hard mask (1 object, 0 not) at the size of `image` (best about 256 px on its long side), or null when nothing stands out. */
export async function salientObjectMask(image: RgbImage): Promise<Uint8Array | null> {
  const seeded = seedsFrom(await saliencyOf(image));
  if (!seeded) return null;
  const { width, height } = image;
  const { box } = seeded;
  const cropWidth = box.x1 - box.x0;
  const cropHeight = box.y1 - box.y0;
  const crop = { data: new Uint8Array(cropWidth * cropHeight * 3), width: cropWidth, height: cropHeight };
  const cropSeeds = new Uint8Array(cropWidth * cropHeight);
  for (let y = 0; y < cropHeight; y += 1) {
    const from = (box.y0 + y) * width + box.x0;
    crop.data.set(image.data.subarray(from * 3, (from + cropWidth) * 3), y * cropWidth * 3);
    cropSeeds.set(seeded.seeds.subarray(from, from + cropWidth), y * cropWidth);
  }
  const cut = await grabCut(crop, cropSeeds, grabCutIterations);
  const whole = new Uint8Array(width * height);
  for (let y = 0; y < cropHeight; y += 1) whole.set(cut.subarray(y * cropWidth, (y + 1) * cropWidth), (box.y0 + y) * width + box.x0);
  // Pinholes (a highlight taken for background) are filled; a cup's handle stays open.
  return fillSmallHoles(largestRegion(whole, width, height), width, height, 0.02);
}
