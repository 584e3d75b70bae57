import sharp from "sharp";
import { encodeRgb } from "@/lib/images/rgb-raster";
import { dimensionRatios } from "@/lib/generation/catalog";
import { createMask, type Mask, type RgbImage } from "@/lib/vision/raster";
import type { AiProductInput } from "../../../tools";
import { applyGrade } from "../raster/colour";
import { decontaminateEdges } from "../raster/matting";
import { blurMask, compositeInto, createRgb, resampleRegion } from "../raster/pixels";
import { seededRandom } from "../raster/random";
import type { LocalRenderContext } from "../render-context";
import { JobFailure } from "../../../errors";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { workingSize } from "../subject";
import { confidentCutout } from "./cutout-confidence";
import { cutOutProduct, productAlpha } from "./product-cutout";
import { productDepth, renderScene, type Scene } from "./scene";
import { sceneFromPrompt } from "./scene-words";

/**
 * AI Product on the local engine. The product is cut out of its photo, on any background, and
 * stands in a scene built from the prompt's words, with a contact shadow and, on glossy
 * surfaces, a reflection. Only when the user chose it at step 1 (for a photo whose cut-out is
 * not trusted) is the photo kept whole instead, as a framed print in the same scene: never as a
 * silent fallback (decision 25).
 */

/** The output size for the chosen dimension (long side 1024), or the photo's own shape for "auto". */
export function productSize(dimension: AiProductInput["dimension"], photo: { width: number; height: number }) {
  const ratio = dimensionRatios[dimension].ratio ?? photo.width / photo.height;
  return ratio >= 1 ? { width: workingSize, height: Math.round(workingSize / ratio) } : { width: Math.round(workingSize * ratio), height: workingSize };
}

interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boundsOf(mask: Mask): Bounds {
  const bounds = { x0: mask.width, y0: mask.height, x1: 0, y1: 0 };
  for (let y = 0; y < mask.height; y += 1) {
    for (let x = 0; x < mask.width; x += 1) {
      if (mask.data[y * mask.width + x]! < 0.5) continue;
      bounds.x0 = Math.min(bounds.x0, x);
      bounds.x1 = Math.max(bounds.x1, x + 1);
      bounds.y0 = Math.min(bounds.y0, y);
      bounds.y1 = Math.max(bounds.y1, y + 1);
    }
  }
  return bounds;
}

/**
 * Darkens the surface where the product stands: a thin, dark contact line right under its
 * footprint (no light gets there), a wider soft occlusion around it, and a faint shadow cast away
 * from the key light. Without the first two a cut-out floats above the surface.
 */
function groundShadows(scene: Scene, base: { x: number; y: number; width: number }) {
  const { image } = scene;
  const contact = { rx: base.width * 0.5, ry: Math.max(3, base.width * 0.035) };
  const occlusion = { rx: base.width * 0.75, ry: Math.max(6, base.width * 0.12) };
  const castShift = -scene.lightSide * base.width * 0.45;
  const sigma = Math.max(2, contact.ry * 0.6);
  // Drawn and blurred only in the rectangle the shadow (and its blur) can reach.
  const margin = Math.ceil(sigma * 3);
  const reach = occlusion.rx * 1.3 + Math.abs(castShift);
  const left = Math.max(0, Math.floor(base.x - reach) - margin);
  const right = Math.min(image.width, Math.ceil(base.x + reach) + margin);
  const top = Math.max(0, Math.floor(base.y - occlusion.ry * 1.5) - margin);
  const bottom = Math.min(image.height, Math.ceil(base.y + occlusion.ry * 2.5) + margin);
  if (right <= left || bottom <= top) return;
  const shadow = createMask(right - left, bottom - top);
  const ellipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) => {
    const dx = (x - cx) / rx;
    const dy = (y - cy) / ry;
    return Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy));
  };
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const near = Math.sqrt(ellipse(x, y, base.x, base.y, contact.rx, contact.ry));
      const around = ellipse(x, y, base.x, base.y + occlusion.ry * 0.2, occlusion.rx, occlusion.ry);
      const cast = ellipse(x, y, base.x + castShift, base.y + occlusion.ry * 0.4, occlusion.rx * 1.3, occlusion.ry * 1.2);
      shadow.data[(y - top) * shadow.width + (x - left)] = Math.min(1, near * 0.75 + around * 0.35 + cast * 0.2);
    }
  }
  const soft = blurMask(shadow, sigma);
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const darkness = 0.7 * soft.data[(y - top) * shadow.width + (x - left)]!;
      if (darkness <= 0.002) continue;
      const offset = (y * image.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) image.data[offset + channel] = image.data[offset + channel]! * (1 - darkness);
    }
  }
}

/**
 * The product mirrored below its base on a glossy surface: fainter and softer the further it is
 * from the base (a real surface is never a perfect mirror), gone within a third of the product's height.
 */
async function reflect(scene: Scene, product: RgbImage, alpha: Mask, baseY: number, productHeight: number) {
  if (scene.gloss <= 0) return;
  const { image } = scene;
  const mirrored = createRgb(image.width, image.height);
  const weight = createMask(image.width, image.height);
  const fadeLength = productHeight * 0.35;
  for (let y = Math.ceil(baseY); y < Math.min(image.height, baseY + fadeLength); y += 1) {
    const source = Math.round(2 * baseY - y);
    if (source < 0) break;
    const fade = scene.gloss * (1 - (y - baseY) / fadeLength) ** 2;
    for (let x = 0; x < image.width; x += 1) {
      const from = source * image.width + x;
      const to = y * image.width + x;
      weight.data[to] = alpha.data[from]! * fade;
      for (let channel = 0; channel < 3; channel += 1) mirrored.data[to * 3 + channel] = product.data[from * 3 + channel]!;
    }
  }
  const sigma = Math.max(1.5, productHeight / 120);
  const soft = await sharp(mirrored.data, { raw: { width: image.width, height: image.height, channels: 3 } }).blur(sigma).raw().toBuffer();
  compositeInto(image, { ...mirrored, data: new Uint8Array(soft.buffer, soft.byteOffset, soft.byteLength) }, blurMask(weight, sigma));
}

/** Where the cut-out lands: standing on the surface, about half the frame high, never wider than 70 %. */
export function productPlacement(matte: Mask, frame: { width: number; height: number; horizon: number }) {
  const bounds = boundsOf(matte);
  const productWidth = bounds.x1 - bounds.x0;
  const productHeight = bounds.y1 - bounds.y0;
  const scale = Math.min((frame.height * 0.55) / productHeight, (frame.width * 0.7) / productWidth);
  const baseY = frame.horizon + (frame.height - frame.horizon) * productDepth;
  const left = frame.width / 2 - (productWidth * scale) / 2;
  const top = baseY - productHeight * scale;
  // The rectangle of the photo that lands on the whole output frame.
  const rect = { x: bounds.x0 - left / scale, y: bounds.y0 - top / scale, width: frame.width / scale, height: frame.height / scale };
  return { bounds, scale, baseY, rect, productHeight: productHeight * scale };
}

/**
 * How many times the product is enlarged in a square shot (the photo check's measure of a product
 * too small in its photo, whose shot would come out soft: judge-photo.ts).
 */
export function squareShotEnlargement(matte: Mask): number {
  return productPlacement(matte, { width: workingSize, height: workingSize, horizon: 0 }).scale;
}

async function placeCutout(scene: Scene, photo: RgbImage, matte: Mask) {
  const { image } = scene;
  const { bounds, scale, baseY, rect, productHeight } = productPlacement(matte, { ...image, horizon: scene.horizon });
  // The old backdrop's colour is taken out of the matte's soft edge before the product moves
  // (else a grey rim of the old studio follows it into the new scene).
  const clean = { ...photo, data: Uint8Array.from(photo.data) };
  decontaminateEdges(clean, matte);
  const { image: product, mask } = resampleRegion(clean, matte, rect, image.width, image.height);
  const alpha = productAlpha(mask);
  groundShadows(scene, { x: image.width / 2, y: baseY, width: footprintWidth(matte, bounds) * scale });
  await reflect(scene, product, alpha, baseY, productHeight);
  compositeInto(image, product, alpha, 0.2);
}

/** How wide the product is where it touches the ground (its lowest rows), in photo pixels. */
function footprintWidth(matte: Mask, bounds: Bounds): number {
  let x0 = bounds.x1;
  let x1 = bounds.x0;
  const rows = Math.max(2, Math.round((bounds.y1 - bounds.y0) * 0.03));
  for (let y = bounds.y1 - rows; y < bounds.y1; y += 1) {
    for (let x = bounds.x0; x < bounds.x1; x += 1) {
      if (matte.data[y * matte.width + x]! < 0.5) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
    }
  }
  return Math.max(x1 - x0, (bounds.x1 - bounds.x0) * 0.3);
}

/** The whole photo as a framed print standing in the scene: a white mat, a thin frame, a shadow. */
function placeFramed(scene: Scene, photo: RgbImage) {
  const { image } = scene;
  const scale = Math.min((image.height * 0.62) / photo.height, (image.width * 0.62) / photo.width);
  const width = photo.width * scale;
  const height = photo.height * scale;
  const mat = Math.max(8, Math.round(Math.min(width, height) * 0.06));
  const frame = Math.max(3, Math.round(mat * 0.3));
  const outerWidth = width + 2 * (mat + frame);
  const outerHeight = height + 2 * (mat + frame);
  const baseY = scene.horizon + (image.height - scene.horizon) * 0.4;
  const left = image.width / 2 - outerWidth / 2;
  const top = baseY - outerHeight;
  groundShadows(scene, { x: image.width / 2, y: baseY, width: outerWidth });
  const card = createMask(image.width, image.height);
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: readonly [number, number, number]) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(image.height, Math.round(y1)); y += 1) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(image.width, Math.round(x1)); x += 1) {
        const offset = (y * image.width + x) * 3;
        image.data[offset] = colour[0];
        image.data[offset + 1] = colour[1];
        image.data[offset + 2] = colour[2];
        card.data[y * image.width + x] = 1;
      }
    }
  };
  paint(left, top, left + outerWidth, top + outerHeight, [40, 36, 33]);
  paint(left + frame, top + frame, left + outerWidth - frame, top + outerHeight - frame, [246, 244, 240]);
  const rect = { x: -(left + frame + mat) / scale, y: -(top + frame + mat) / scale, width: image.width / scale, height: image.height / scale };
  const { image: print, mask } = resampleRegion(photo, createMask(photo.width, photo.height, 1), rect, image.width, image.height);
  compositeInto(image, print, mask);
}

/**
 * Below this confidence the engine refuses the cut-out rather than sell it. It is lower than
 * step 1's (`confidentCutout`), so a photo that passed there is not failed here for the small
 * differences of the stored copy, which the image intake re-encodes.
 */
const refusedBelow = confidentCutout - 0.15;

export async function renderProduct(bytes: Uint8Array, input: AiProductInput, context: LocalRenderContext): Promise<Uint8Array[]> {
  const photo = await decodeRgb(bytes, workingSize);
  const cutout = input.presentation === "framed" ? null : await cutOutProduct(photo);
  if (cutout && cutout.confidence < refusedBelow) {
    throw new JobFailure("productNotClear", `cut-out confidence ${cutout.confidence.toFixed(2)} (${JSON.stringify(cutout.measures)})`);
  }
  context.progress(0.4);
  context.signal.throwIfAborted();
  const size = productSize(input.dimension, photo);
  const scene = await renderScene(sceneFromPrompt(input.prompt), size.width, size.height, seededRandom(context.seed));
  if (cutout) await placeCutout(scene, photo, cutout.matte);
  else placeFramed(scene, photo);
  applyGrade(scene.image, { exposure: 1, contrast: 1.03, saturation: 1.02, warmth: 0, fade: 0 });
  context.progress(0.9);
  return [await encodeRgb(scene.image, "jpeg")];
}
