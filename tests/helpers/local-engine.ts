import { decodeRgb } from "@/lib/images/rgb-raster";
import type { EngineJob } from "@/lib/generation/engines/types";
import { createLocalEngine } from "@/lib/generation/engines/local/local-engine";
import type { RgbImage, Box } from "@/lib/vision/raster";

/** Running the local engine as the worker does (through its thread) and reading its pixels. */

export async function runLocalEngine(job: EngineJob): Promise<Uint8Array[]> {
  const progress: number[] = [];
  const images = await createLocalEngine().run(job, { onProgress: (percent) => progress.push(percent), signal: new AbortController().signal });
  return images;
}

export function baseJob(image: Buffer, imageCount = 1) {
  return { generationId: `test-${imageCount}-${image.byteLength}`, prompt: "", image: { data: image, contentType: "image/jpeg" }, imageCount };
}

/** Decoded at full size (results are at most 1280 px, so nothing is scaled). */
export const decodeResult = (bytes: Uint8Array): Promise<RgbImage> => decodeRgb(bytes, 4096);

/** Mean colour of a box. */
export function meanRgb(image: RgbImage, box: Box): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.max(0, Math.round(box.y)); y < Math.min(image.height, box.y + box.height); y += 1) {
    for (let x = Math.max(0, Math.round(box.x)); x < Math.min(image.width, box.x + box.width); x += 1) {
      const offset = (y * image.width + x) * 3;
      sum[0]! += image.data[offset]!;
      sum[1]! += image.data[offset + 1]!;
      sum[2]! += image.data[offset + 2]!;
      count += 1;
    }
  }
  return [sum[0]! / count, sum[1]! / count, sum[2]! / count];
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}
