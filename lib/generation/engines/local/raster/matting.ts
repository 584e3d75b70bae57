import { createMask, type Mask, type RgbImage } from "@/lib/vision/raster";
import { boxBlur, resizeMask } from "@/lib/vision/mask-filters";

/**
 * Edge colour clean-up for cut-outs: where the matte is partly transparent (hair, shoulders),
 * the photo's pixels mix the person with the old background. Knowing that background (estimated
 * by spreading the surely-background pixels inwards) lets us solve I = αF + (1-α)B for F, so
 * the old backdrop's colour does not ring the person on the new one.
 */

const scale = 4;

/** The old background everywhere, from pixels whose matte is below 0.1 (normalised blur, 1/4 size). */
function estimateBackground(image: RgbImage, alpha: Mask): RgbImage {
  const width = Math.max(1, Math.round(image.width / scale));
  const height = Math.max(1, Math.round(image.height / scale));
  const weights = new Float32Array(width * height);
  const channels = [new Float32Array(width * height), new Float32Array(width * height), new Float32Array(width * height)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const source = Math.min(image.height - 1, y * scale) * image.width + Math.min(image.width - 1, x * scale);
      const weight = (alpha.data[source] ?? 0) < 0.1 ? 1 : 0;
      const index = y * width + x;
      weights[index] = weight;
      for (let channel = 0; channel < 3; channel += 1) channels[channel]![index] = (image.data[source * 3 + channel] ?? 0) * weight;
    }
  }
  const radius = Math.max(2, Math.round(width / 24));
  let spreadWeights: Float32Array = weights;
  let spread: Float32Array[] = channels;
  for (let pass = 0; pass < 3; pass += 1) {
    spreadWeights = boxBlur(spreadWeights, width, height, radius);
    spread = spread.map((plane) => boxBlur(plane, width, height, radius));
  }
  const small = createMask(width, height);
  const planes = [0, 1, 2].map((channel) => {
    for (let index = 0; index < width * height; index += 1) {
      small.data[index] = (spreadWeights[index] ?? 0) > 1e-4 ? (spread[channel]![index] ?? 0) / spreadWeights[index]! : 128;
    }
    return resizeMask(small, image.width, image.height).data;
  });
  const background = { data: new Uint8Array(image.width * image.height * 3), width: image.width, height: image.height };
  for (let index = 0; index < image.width * image.height; index += 1) {
    for (let channel = 0; channel < 3; channel += 1) background.data[index * 3 + channel] = planes[channel]![index] ?? 0;
  }
  return background;
}

/** Replaces the colour of partly transparent pixels by the person's own colour F, in place. */
export function decontaminateEdges(image: RgbImage, alpha: Mask): void {
  const background = estimateBackground(image, alpha);
  for (let index = 0; index < image.width * image.height; index += 1) {
    const a = alpha.data[index] ?? 0;
    if (a <= 0.02 || a >= 0.98) continue;
    const safeAlpha = Math.max(a, 0.25);
    const offset = index * 3;
    for (let channel = 0; channel < 3; channel += 1) {
      const observed = image.data[offset + channel] ?? 0;
      const behind = background.data[offset + channel] ?? 0;
      image.data[offset + channel] = Math.min(255, Math.max(0, (observed - (1 - safeAlpha) * behind) / safeAlpha));
    }
  }
}
