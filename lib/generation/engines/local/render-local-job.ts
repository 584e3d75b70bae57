import { positionsToMake } from "../request-plan";
import type { EngineJob } from "../types";
import { renderBody } from "./body/render-body";
import { renderEdit } from "./edit/render-edit";
import { renderHair } from "./hair/render-hair";
import { renderHeadshots } from "./headshot/render-headshots";
import { renderProduct } from "./product/render-product";
import type { LocalRenderContext } from "./render-context";

/**
 * The local engine's work for one job, run inside its process (process/engine-process-entry.ts).
 * Returns encoded images; throws a JobFailure with a translated reason when the photo cannot
 * give a real result.
 */
export async function renderLocalJob(
  job: EngineJob,
  options: { signal: AbortSignal; onProgress(percent: number): void },
): Promise<Uint8Array[]> {
  const context: LocalRenderContext = {
    signal: options.signal,
    progress: (done) => options.onProgress(5 + Math.round(90 * Math.min(1, done))),
    seed: job.generationId,
  };
  const bytes = job.image.data;
  switch (job.tool) {
    case "headshot_pro":
      return renderHeadshots(bytes, job.input, positionsToMake(job), context);
    case "hair_changer":
      return renderHair(bytes, job.input, context);
    case "body_shaper":
      return renderBody(bytes, job.input, context);
    case "ai_product":
      return renderProduct(bytes, job.input, context);
    case "edit":
      return renderEdit(bytes, job.input, context);
  }
}
