import { encodeRgb } from "@/lib/images/rgb-raster";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { JobFailure } from "../../../errors";
import type { LookInput } from "../../../tools";
import { hexToRgb, lumaOf, type Rgb } from "../raster/colour";
import type { LocalRenderContext } from "../render-context";
import { analyseSubject } from "../subject";
import { hairColourFor, hairColours, type HairColourId } from "./hair-colours";
import { hairMask } from "./hair-mask";

/**
 * Hair Changer on the local engine: the hair is recoloured, keeping its light and texture. Each
 * pixel's brightness relative to the hair's mean is kept (strands, shine, shadow) around the
 * target colour's brightness, and the target's colour is laid on at that brightness. Cuts and
 * shapes are never attempted (local-capabilities.ts refuses them before credits are taken).
 */

function meanLuma(image: RgbImage, mask: Mask): number {
  let sum = 0;
  let weight = 0;
  for (let index = 0; index < mask.data.length; index += 1) {
    const w = mask.data[index]!;
    if (w < 0.5) continue;
    sum += lumaOf(image.data[index * 3]!, image.data[index * 3 + 1]!, image.data[index * 3 + 2]!) * w;
    weight += w;
  }
  return weight > 0 ? sum / weight : 0;
}

/** The target colour at a pixel: one colour, or for multi-colour looks a gradient across the hair. */
function targetPicker(colours: readonly Rgb[], mask: Mask): (x: number, y: number) => Rgb {
  if (colours.length === 1) return () => colours[0]!;
  let minX = mask.width;
  let maxX = 0;
  for (let index = 0; index < mask.data.length; index += 1) {
    if (mask.data[index]! < 0.5) continue;
    const x = index % mask.width;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
  }
  const span = Math.max(1, maxX - minX);
  return (x, y) => {
    // Diagonal bands read as dyed streaks rather than stripes.
    const position = Math.min(0.999, Math.max(0, (x - minX + (y - mask.height / 2) * 0.35) / span)) * (colours.length - 1);
    const lower = Math.floor(position);
    const t = position - lower;
    const a = colours[lower]!;
    const b = colours[Math.min(colours.length - 1, lower + 1)]!;
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  };
}

export function recolourHair(image: RgbImage, mask: Mask, colourId: HairColourId): void {
  const colours = hairColours[colourId].colours.map(hexToRgb);
  const pick = targetPicker(colours, mask);
  const hairLuma = Math.max(8, meanLuma(image, mask));
  for (let index = 0; index < mask.data.length; index += 1) {
    const weight = mask.data[index]!;
    if (weight <= 0.01) continue;
    const offset = index * 3;
    const r = image.data[offset]!;
    const g = image.data[offset + 1]!;
    const b = image.data[offset + 2]!;
    const target = pick(index % image.width, Math.floor(index / image.width));
    const targetLuma = Math.max(8, lumaOf(target[0], target[1], target[2]));
    // Texture: the pixel's brightness relative to the hair's mean, gently expanded when a dark
    // head of hair turns light (so strands stay visible) and compressed the other way.
    const relative = lumaOf(r, g, b) / hairLuma;
    const texture = Math.max(0.15, 1 + (relative - 1) * Math.min(1.6, Math.max(0.7, Math.sqrt(targetLuma / hairLuma))));
    // Shadows darken the colour; highlights lighten it towards white, as shine on real hair does,
    // rolling off softly instead of clipping into flat patches.
    const shine = texture > 1 ? (1 - Math.exp(-(texture - 1) * 1.3)) * (0.35 + (0.65 * targetLuma) / 255) : 0;
    const strength = Math.min(1, weight * 0.95);
    for (let channel = 0; channel < 3; channel += 1) {
      const tone = target[channel]!;
      const painted = texture <= 1 ? tone * texture : tone + (250 - tone) * shine;
      const before = image.data[offset + channel]!;
      image.data[offset + channel] = before + (painted - before) * strength;
    }
  }
}

export async function renderHair(bytes: Uint8Array, input: LookInput, context: LocalRenderContext): Promise<Uint8Array[]> {
  const colourId = hairColourFor(input.style, input.customPrompt);
  if (!colourId) throw new JobFailure("needsAiEngine", `Hair style ${input.style} is not a colour the local engine can paint`);
  const subject = await analyseSubject(bytes, { pose: false, failureKey: "hair" });
  context.progress(0.5);
  const mask = hairMask(subject);
  context.signal.throwIfAborted();
  const result: RgbImage = { ...subject.image, data: Uint8Array.from(subject.image.data) };
  recolourHair(result, mask, colourId);
  context.progress(0.9);
  return [await encodeRgb(result, "jpeg")];
}
