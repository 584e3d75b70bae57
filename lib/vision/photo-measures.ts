import { clampBox, lumaAt, type Box, type RgbImage } from "./raster";

/**
 * Measures of how usable a photo region is, independent of any model: its brightness and its
 * sharpness. The region is sampled onto a fixed grid first, so a large face and a small one
 * are judged on the same scale.
 */

const maxGridSize = 128;

interface LumaGrid {
  values: Float32Array;
  size: number;
}

/** The region averaged onto a square grid of at most 128 cells a side (area averaging, no aliasing). */
function sampleLuma(image: RgbImage, region: Box): LumaGrid {
  const box = clampBox(region, image.width, image.height);
  const size = Math.max(8, Math.min(maxGridSize, Math.floor(Math.min(box.width, box.height))));
  const values = new Float32Array(size * size);
  for (let gy = 0; gy < size; gy += 1) {
    const top = box.y + Math.floor((gy * box.height) / size);
    const bottom = Math.max(top + 1, box.y + Math.floor(((gy + 1) * box.height) / size));
    for (let gx = 0; gx < size; gx += 1) {
      const left = box.x + Math.floor((gx * box.width) / size);
      const right = Math.max(left + 1, box.x + Math.floor(((gx + 1) * box.width) / size));
      let sum = 0;
      for (let y = top; y < bottom; y += 1) for (let x = left; x < right; x += 1) sum += lumaAt(image, y * image.width + x);
      values[gy * size + gx] = sum / ((bottom - top) * (right - left));
    }
  }
  return { values, size };
}

/** Mean luma of the region, 0 (black) .. 255 (white). */
export function meanBrightness(image: RgbImage, region: Box): number {
  const { values } = sampleLuma(image, region);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Bilinear sample of the luma at (x, y) in image pixels (for regions smaller than the grid). */
function bilinearLuma(image: RgbImage, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(y)));
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const top = lumaAt(image, y0 * image.width + x0) * (1 - fx) + lumaAt(image, y0 * image.width + x1) * fx;
  const bottom = lumaAt(image, y1 * image.width + x0) * (1 - fx) + lumaAt(image, y1 * image.width + x1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The region on a grid of exactly `size` cells a side: area-averaged when the region is larger,
 * bilinearly enlarged when it is smaller, so a small face shows the detail it really has.
 */
function resampleLuma(image: RgbImage, region: Box, size: number): LumaGrid {
  const box = clampBox(region, image.width, image.height);
  if (Math.min(box.width, box.height) >= size) {
    const sampled = sampleLuma(image, box);
    if (sampled.size === size) return sampled;
  }
  const values = new Float32Array(size * size);
  for (let gy = 0; gy < size; gy += 1) {
    const y = box.y + ((gy + 0.5) * box.height) / size - 0.5;
    for (let gx = 0; gx < size; gx += 1) values[gy * size + gx] = bilinearLuma(image, box.x + ((gx + 0.5) * box.width) / size - 0.5, y);
  }
  return { values, size };
}

/**
 * Variance of the Laplacian (Pech-Pacheco et al. 2000) over the region brought to a 128-cell
 * grid (every face brought to that size, up or down), scaled to a mid-grey region (a dark face has weaker edges without being blurred): high
 * for crisp detail, low for blur; calibrated on real photos (scripts/photo-check-calibration.ts).
 */
export function sharpness(image: RgbImage, region: Box): number {
  const { values: grid, size: gridSize } = resampleLuma(image, region, maxGridSize);
  let sum = 0;
  let sumSquares = 0;
  let lumaSum = 0;
  let count = 0;
  for (let y = 1; y < gridSize - 1; y += 1) {
    for (let x = 1; x < gridSize - 1; x += 1) {
      const index = y * gridSize + x;
      const laplacian =
        (grid[index - 1] ?? 0) + (grid[index + 1] ?? 0) + (grid[index - gridSize] ?? 0) + (grid[index + gridSize] ?? 0) - 4 * (grid[index] ?? 0);
      sum += laplacian;
      sumSquares += laplacian * laplacian;
      lumaSum += grid[index] ?? 0;
      count += 1;
    }
  }
  const mean = sum / count;
  return (sumSquares / count - mean * mean) * (128 / Math.max(20, lumaSum / count)) ** 2;
}
