import type { Mask, RgbImage } from "@/lib/vision/raster";

/** Colour helpers and the per-style colour grade (applied through lookup tables, so it is cheap). */

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mixRgb(a: Rgb, b: Rgb, amount: number): Rgb {
  return [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount];
}

export const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

export interface ColourGrade {
  /** Brightness multiplier (1 = unchanged). */
  exposure: number;
  /** Contrast around mid-grey (1 = unchanged). */
  contrast: number;
  /** Saturation multiplier (1 = unchanged). */
  saturation: number;
  /** Warm (+) or cool (-) white balance, about -1..1. */
  warmth: number;
  /** Lifted blacks, 0..0.15: the soft, matte look. */
  fade: number;
}

export const neutralGrade: ColourGrade = { exposure: 1, contrast: 1, saturation: 1, warmth: 0, fade: 0 };

function channelLut(grade: ColourGrade, channelGain: number): Uint8Array {
  const lut = new Uint8Array(256);
  for (let value = 0; value < 256; value += 1) {
    let v = (value / 255) * grade.exposure * channelGain;
    v = 0.5 + (v - 0.5) * grade.contrast;
    v = grade.fade + Math.min(1, Math.max(0, v)) * (1 - grade.fade);
    lut[value] = Math.round(Math.min(1, Math.max(0, v)) * 255);
  }
  return lut;
}

/** Applies `grade` in place; with `weight`, each pixel only as much as its weight (0..1). */
export function applyGrade(image: RgbImage, grade: ColourGrade, weight?: Mask): void {
  const luts = [channelLut(grade, 1 + grade.warmth * 0.07), channelLut(grade, 1 + grade.warmth * 0.01), channelLut(grade, 1 - grade.warmth * 0.08)];
  const { data } = image;
  const count = image.width * image.height;
  for (let index = 0; index < count; index += 1) {
    const w = weight ? (weight.data[index] ?? 0) : 1;
    if (w <= 0) continue;
    const offset = index * 3;
    const r = luts[0]![data[offset]!]!;
    const g = luts[1]![data[offset + 1]!]!;
    const b = luts[2]![data[offset + 2]!]!;
    const luma = lumaOf(r, g, b);
    const graded = [luma + (r - luma) * grade.saturation, luma + (g - luma) * grade.saturation, luma + (b - luma) * grade.saturation];
    for (let channel = 0; channel < 3; channel += 1) {
      const before = data[offset + channel]!;
      data[offset + channel] = before + (Math.min(255, Math.max(0, graded[channel]!)) - before) * w;
    }
  }
}
