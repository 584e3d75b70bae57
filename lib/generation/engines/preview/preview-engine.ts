import sharp, { type Sharp } from "sharp";
import { positionsToMake } from "../request-plan";
import type { EngineJob, EngineRunOptions, ImageEngine } from "../types";
import { renderBody } from "./body-preview";
import { renderEdit } from "./edit-preview";
import { renderHair } from "./hair-preview";
import { renderHeadshots } from "./headshot-preview";
import { previewMarkPlacement } from "./preview-mark";
import { renderProduct } from "./product-preview";

/**
 * The built-in engine (decision 11): runs offline with sharp only, gives the same bytes for the
 * same photo and options, makes each style and option visibly different, and marks every image
 * "PREVIEW" so nobody mistakes it for an AI result.
 */

/**
 * Composites the mark onto a finished picture and encodes it: headshots as PNG (spec §2: Download
 * All gives headshot_N.png files), the other tools as JPEG.
 */
async function finish(picture: Sharp, format: "png" | "jpeg"): Promise<Buffer> {
  // Rendered to raw pixels first: a sharp pipeline holds one composite list, and the
  // renderers use theirs for the picture itself.
  const { data, info } = await picture.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([previewMarkPlacement(info.width, info.height)])
    .toFormat(format, format === "png" ? { compressionLevel: 6 } : { quality: 88 })
    .toBuffer();
}

async function renderJob(job: EngineJob, emit: (picture: Sharp) => Promise<void>, signal: AbortSignal) {
  const source = job.image.data;
  switch (job.tool) {
    case "headshot_pro":
      return renderHeadshots(source, job.input, positionsToMake(job), emit, signal);
    case "ai_product":
      return emit(await renderProduct(source, job.input));
    case "hair_changer":
      return emit(await renderHair(source, job.input));
    case "body_shaper":
      return emit(await renderBody(source, job.input));
    case "edit":
      return emit(await renderEdit(source, job.input));
  }
}

export function createPreviewEngine(): ImageEngine {
  return {
    name: "preview",
    async run(job: EngineJob, { onProgress, signal }: EngineRunOptions) {
      const images: Uint8Array[] = [];
      const expected = job.tool === "headshot_pro" ? positionsToMake(job).length : 1;
      const format = job.tool === "headshot_pro" ? "png" : "jpeg";
      onProgress(5);
      await renderJob(
        job,
        async (picture) => {
          signal.throwIfAborted();
          images.push(await finish(picture, format));
          onProgress(5 + Math.round((90 * images.length) / expected));
        },
        signal,
      );
      return images;
    },
  };
}
