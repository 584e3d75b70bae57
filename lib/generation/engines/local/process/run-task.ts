import { measureLikeness } from "../../../likeness/measure-likeness";
import { measurePhoto } from "../../../photo-check/measure-photo";
import { JobFailure } from "../../../errors";
import { cutOutProduct } from "../product/product-cutout";
import { squareShotEnlargement } from "../product/render-product";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { workingSize } from "../subject";
import { renderLocalJob } from "../render-local-job";
import type { EngineError, EngineResults, EngineTask } from "./engine-protocol";

/** One task of the local engine's process (engine-process-entry.ts). */
export async function runTask(
  request: EngineTask,
  { signal, onProgress }: { signal: AbortSignal; onProgress(percent: number): void },
): Promise<EngineResults[keyof EngineResults]> {
  switch (request.task) {
    case "render":
      return renderLocalJob(request.job, { signal, onProgress });
    case "measurePhoto":
      return measurePhoto(request.image, { pose: request.pose });
    case "productCutout": {
      const { confidence, matte } = await cutOutProduct(await decodeRgb(request.image, workingSize));
      return { confidence, enlargement: squareShotEnlargement(matte) };
    }
    case "measureLikeness":
      return measureLikeness(request.reference, request.images);
  }
}

export function toEngineError(error: unknown): EngineError {
  if (error instanceof JobFailure) return { name: error.name, message: error.message, reasonKey: error.reasonKey, detail: error.detail };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
