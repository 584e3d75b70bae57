import { boxBlur } from "@/lib/vision/mask-filters";
import { createMask, type Mask, type RgbImage } from "@/lib/vision/raster";

/**
 * Pixel operations of the local engine on raw arrays: resampling a region (crop, zoom, out of
 * bounds), Gaussian-like blur of masks (three box passes), alpha compositing.
 */

export function createRgb(width: number, height: number): RgbImage {
  return { data: new Uint8Array(width * height * 3), width, height };
}

/** A rectangle of the source in source pixels; it may reach outside the image. */
export interface SourceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bilinear samples of `rect` scaled to width×height. Outside the image the colour is the
 * nearest edge pixel and the mask (if any) is 0, so a frame larger than the photo is filled by
 * whatever is composed behind the person.
 */
export function resampleRegion(image: RgbImage, mask: Mask | null, rect: SourceRect, width: number, height: number) {
  const output = createRgb(width, height);
  const outputMask = createMask(width, height);
  const scaleX = rect.width / width;
  const scaleY = rect.height / height;
  const { data } = image;
  for (let y = 0; y < height; y += 1) {
    const sy = rect.y + (y + 0.5) * scaleY - 0.5;
    const insideY = sy >= -0.5 && sy <= image.height - 0.5;
    const cy = Math.min(image.height - 1, Math.max(0, sy));
    const y0 = Math.floor(cy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = cy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = rect.x + (x + 0.5) * scaleX - 0.5;
      const cx = Math.min(image.width - 1, Math.max(0, sx));
      const x0 = Math.floor(cx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = cx - x0;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const i00 = y0 * image.width + x0;
      const i10 = y0 * image.width + x1;
      const i01 = y1 * image.width + x0;
      const i11 = y1 * image.width + x1;
      const out = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        output.data[out + channel] =
          (data[i00 * 3 + channel] ?? 0) * w00 +
          (data[i10 * 3 + channel] ?? 0) * w10 +
          (data[i01 * 3 + channel] ?? 0) * w01 +
          (data[i11 * 3 + channel] ?? 0) * w11;
      }
      if (mask && insideY && sx >= -0.5 && sx <= image.width - 0.5) {
        const m = mask.data;
        outputMask.data[y * width + x] = (m[i00] ?? 0) * w00 + (m[i10] ?? 0) * w10 + (m[i01] ?? 0) * w01 + (m[i11] ?? 0) * w11;
      }
    }
  }
  return { image: output, mask: outputMask };
}

/** Approximately Gaussian blur of a mask with standard deviation `sigma` (three box passes). */
export function blurMask(mask: Mask, sigma: number): Mask {
  const radius = Math.max(1, Math.round(sigma * 0.9));
  let data = mask.data;
  for (let pass = 0; pass < 3; pass += 1) data = boxBlur(data, mask.width, mask.height, radius);
  return { data, width: mask.width, height: mask.height };
}

/**
 * `base` with `overlay` laid over it where `alpha` says (0..1), in place. `lightWrap` (0..1)
 * lets the base's colour spill onto the overlay's soft edge, as light from a real backdrop
 * wraps around a person, so a cut-out does not look pasted on.
 */
export function compositeInto(base: RgbImage, overlay: RgbImage, alpha: Mask, lightWrap = 0): void {
  const count = base.width * base.height;
  for (let index = 0; index < count; index += 1) {
    const a = alpha.data[index] ?? 0;
    if (a <= 0) continue;
    const wrap = lightWrap * 4 * a * (1 - a);
    const offset = index * 3;
    for (let channel = 0; channel < 3; channel += 1) {
      const b = base.data[offset + channel] ?? 0;
      const o = overlay.data[offset + channel] ?? 0;
      base.data[offset + channel] = b + (o + (b - o) * wrap - b) * a;
    }
  }
}
