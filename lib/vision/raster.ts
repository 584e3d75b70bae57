/**
 * The pixel types every vision function takes and returns: plain arrays, no tensors, no sharp,
 * so the callers (engines, the photo check, tests) stay free of the ML runtime.
 */

/** 8-bit RGB, row-major, 3 bytes a pixel. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** One value a pixel in 0..1 (a matte, a probability, a weight), row-major. */
export interface Mask {
  data: Float32Array;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function createMask(width: number, height: number, fill = 0): Mask {
  const data = new Float32Array(width * height);
  if (fill !== 0) data.fill(fill);
  return { data, width, height };
}

/** Rec. 601 luma of pixel `index` (0..255). */
export function lumaAt(image: RgbImage, index: number): number {
  const offset = index * 3;
  return 0.299 * (image.data[offset] ?? 0) + 0.587 * (image.data[offset + 1] ?? 0) + 0.114 * (image.data[offset + 2] ?? 0);
}

/** The image as one luma value a pixel, 0..1. */
export function lumaPlane(image: RgbImage): Float32Array {
  const plane = new Float32Array(image.width * image.height);
  for (let index = 0; index < plane.length; index += 1) plane[index] = lumaAt(image, index) / 255;
  return plane;
}

export function clampBox(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.min(width - 1, Math.round(box.x)));
  const y = Math.max(0, Math.min(height - 1, Math.round(box.y)));
  return {
    x,
    y,
    width: Math.max(1, Math.min(width - x, Math.round(box.width))),
    height: Math.max(1, Math.min(height - y, Math.round(box.height))),
  };
}
