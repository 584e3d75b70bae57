import { ageRangeNames, bodyShapes, customLookId, findLook, hairStyles, headshotStyles } from "../../catalog";
import { positionsToMake } from "../request-plan";
import type { EngineJob } from "../types";

/**
 * The request bodies of spec §7, one per backend function: send-headshot-webhook,
 * send-ai-product-webhook, send-hair-changer-webhook, send-body-shaper-webhook and
 * edit-universal. Values are the English labels the original backend received.
 */

export function toDataUrl(image: { data: Buffer; contentType: string }): string {
  return `data:${image.contentType};base64,${image.data.toString("base64")}`;
}

export function webhookRequestBody(job: EngineJob): Record<string, unknown> {
  const uploadedImageBlob = toDataUrl(job.image);
  switch (job.tool) {
    case "headshot_pro":
      return {
        uploadedImageBlob,
        selectedStyles: job.input.styleIds.map((id) => ({ id, name: headshotStyles[id - 1]?.name ?? String(id) })),
        gender: job.input.gender,
        ageRange: ageRangeNames[job.input.ageRange],
        // A remake asks for as many shots as are made again (the backend picks their styles).
        numberShots: positionsToMake(job).length,
      };
    case "ai_product":
      return { uploadedImageBlob, dimension: job.input.dimension, prompt: job.input.prompt };
    case "hair_changer":
    case "body_shaper": {
      const options = job.tool === "hair_changer" ? hairStyles : bodyShapes;
      const look = job.input.style === customLookId ? undefined : findLook(options, job.input.gender, job.input.style);
      return {
        uploadedImageBlob,
        gender: job.input.gender,
        selectedStyle: look?.name ?? customLookId,
        customPrompt: job.input.customPrompt,
      };
    }
    case "edit":
      return { imageUrl: uploadedImageBlob, prompt: job.input.prompt };
  }
}
