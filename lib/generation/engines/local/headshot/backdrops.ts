import sharp from "sharp";
import { boxBlur } from "@/lib/vision/mask-filters";
import type { RgbImage } from "@/lib/vision/raster";
import { hexToRgb, mixRgb, type Rgb } from "../raster/colour";

/**
 * Procedural backdrops, one recipe per headshot style: a vertical gradient, a soft glow on the
 * key light's side, and for some styles out-of-focus shapes (foliage bokeh, office lights,
 * bookshelf bands), all drawn at a quarter of the size, blurred like a shallow depth of field
 * and scaled up. No stock images: every backdrop is made from these numbers.
 */

export interface BackdropRecipe {
  top: string;
  bottom: string;
  /** Light patch on the key light's side: colour and strength 0..1. */
  glow: { colour: string; strength: number; radius: number };
  /** Out-of-focus discs (foliage, city lights). */
  bokeh?: { colours: readonly string[]; count: number; minRadius: number; maxRadius: number; opacity: number; band: readonly [number, number] };
  /** Vertical bands (shelves, panels, windows), each a colour of the list. */
  bands?: { colours: readonly string[]; count: number; opacity: number };
  /** Darkened corners, 0..1. */
  vignette: number;
  /** Blur of the shapes at quarter size, in pixels (the depth of field). */
  blur: number;
}

const quarter = 4;

function paintDisc(planes: Float32Array[], width: number, height: number, cx: number, cy: number, radius: number, colour: Rgb, opacity: number) {
  const minX = Math.max(0, Math.floor(cx - radius));
  const maxX = Math.min(width - 1, Math.ceil(cx + radius));
  const minY = Math.max(0, Math.floor(cy - radius));
  const maxY = Math.min(height - 1, Math.ceil(cy + radius));
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const distance = Math.hypot(x - cx, y - cy);
      if (distance > radius) continue;
      // A bright rim, as real bokeh discs have.
      const a = opacity * Math.min(1, radius - distance) * (0.85 + 0.15 * (distance / radius));
      const index = y * width + x;
      for (let channel = 0; channel < 3; channel += 1) planes[channel]![index] = planes[channel]![index]! + (colour[channel]! - planes[channel]![index]!) * a;
    }
  }
}

/** The backdrop at width×height; `side` is the key light's side (-1 left, 1 right). */
export async function renderBackdrop(recipe: BackdropRecipe, width: number, height: number, side: number, random: () => number): Promise<RgbImage> {
  const w = Math.ceil(width / quarter);
  const h = Math.ceil(height / quarter);
  const top = hexToRgb(recipe.top);
  const bottom = hexToRgb(recipe.bottom);
  const glow = hexToRgb(recipe.glow.colour);
  const planes = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  const glowX = 0.5 + side * 0.32;
  for (let y = 0; y < h; y += 1) {
    const row = mixRgb(top, bottom, y / (h - 1));
    for (let x = 0; x < w; x += 1) {
      const dx = x / w - glowX;
      const dy = y / h - 0.35;
      const glowAmount = recipe.glow.strength * Math.exp(-(dx * dx + dy * dy) / (2 * recipe.glow.radius * recipe.glow.radius));
      const colour = mixRgb(row, glow, Math.min(1, glowAmount));
      for (let channel = 0; channel < 3; channel += 1) planes[channel]![y * w + x] = colour[channel]!;
    }
  }
  if (recipe.bands) {
    const { colours, count, opacity } = recipe.bands;
    let x = -random() * (w / count);
    while (x < w) {
      const bandWidth = (w / count) * (0.5 + random());
      const colour = hexToRgb(colours[Math.floor(random() * colours.length)]!);
      for (let bx = Math.max(0, Math.floor(x)); bx < Math.min(w, x + bandWidth * 0.8); bx += 1) {
        for (let y = 0; y < h; y += 1) {
          const index = y * w + bx;
          for (let channel = 0; channel < 3; channel += 1) planes[channel]![index] = planes[channel]![index]! + (colour[channel]! - planes[channel]![index]!) * opacity;
        }
      }
      x += bandWidth;
    }
  }
  if (recipe.bokeh) {
    const { colours, count, minRadius, maxRadius, opacity, band } = recipe.bokeh;
    for (let disc = 0; disc < count; disc += 1) {
      const radius = (minRadius + random() * (maxRadius - minRadius)) * w;
      const cy = (band[0] + random() * (band[1] - band[0])) * h;
      paintDisc(planes, w, h, random() * w, cy, radius, hexToRgb(colours[Math.floor(random() * colours.length)]!), opacity * (0.5 + random() * 0.5));
    }
  }
  const radius = Math.max(1, Math.round(recipe.blur / 1.7));
  const blurred = planes.map((plane) => {
    let result: Float32Array = plane;
    for (let pass = 0; pass < 3; pass += 1) result = boxBlur(result, w, h, radius);
    return result;
  });
  const small = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const dx = (x / w - 0.5) * 2;
      const dy = (y / h - 0.45) * 2;
      const vignette = 1 - recipe.vignette * Math.min(1, (dx * dx + dy * dy) / 2) ** 1.2;
      const index = y * w + x;
      for (let channel = 0; channel < 3; channel += 1) small[index * 3 + channel] = Math.min(255, Math.max(0, blurred[channel]![index]! * vignette));
    }
  }
  const large = await sharp(small, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  // A little grain, so smooth gradients do not band after 8-bit rounding.
  const data = new Uint8Array(large.buffer, large.byteOffset, large.byteLength);
  const grain = Float32Array.from({ length: 4099 }, () => (random() - 0.5) * 3);
  for (let index = 0; index < data.length; index += 1) data[index] = Math.min(255, Math.max(0, data[index]! + grain[index % 4099]!));
  return { data, width, height };
}
