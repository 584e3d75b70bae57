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

/**
 * Variance of the Laplacian over the region: high for crisp detail, low for blur (Pech-Pacheco
 * et al. 2000). On the grid a sharp face scores in the hundreds, a blurred one below ~20.
 */
export function sharpness(image: RgbImage, region: Box): number {
  const { values: grid, size: gridSize } = sampleLuma(image, region);
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = 1; y < gridSize - 1; y += 1) {
    for (let x = 1; x < gridSize - 1; x += 1) {
      const index = y * gridSize + x;
      const laplacian =
        (grid[index - 1] ?? 0) + (grid[index + 1] ?? 0) + (grid[index - gridSize] ?? 0) + (grid[index + gridSize] ?? 0) - 4 * (grid[index] ?? 0);
      sum += laplacian;
      sumSquares += laplacian * laplacian;
      count += 1;
    }
  }
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}
