import "server-only";
import type { GenerationTool } from "@/db/schema";
import { runInEngineProcess } from "../engines/local/process/engine-process";
import { confidentCutout } from "../engines/local/product/cutout-confidence";
import type { ImageEngineName } from "../engines/engine-names";
import { isPhotoCheckedTool, judgePhoto, productCheckedTool, type PhotoProblem } from "./judge-photo";

/**
 * The photo check on the server (issue 20): the vision models look at the photo in the local
 * engine's process, judge-photo.ts decides; for AI Product, whether its cut-out can be trusted
 * (issue 37). Used by the upload and review steps (through
 * checkPhotoAction) and again when a generation is requested. A check that cannot run (an
 * unreadable file, the models failing) reports no problem: the image intake and the engine
 * have their own, translated, refusals.
 */
export async function checkPhoto(tool: GenerationTool, image: Uint8Array, engine: ImageEngineName): Promise<PhotoProblem[]> {
  if (tool === productCheckedTool) return engine === "local" ? checkProductCutout(image) : [];
  if (!isPhotoCheckedTool(tool)) return [];
  try {
    const findings = await runInEngineProcess({ task: "measurePhoto", image, pose: tool === "body_shaper" });
    return judgePhoto(tool, findings, { refuses: engine !== "preview" });
  } catch (error) {
    console.warn("[photo-check] could not check a photo", error);
    return [];
  }
}

/** AI Product on the local engine: the cut-out's confidence, as the engine will judge it (issue 37). */
async function checkProductCutout(image: Uint8Array): Promise<PhotoProblem[]> {
  try {
    const { confidence } = await runInEngineProcess({ task: "productCutout", image });
    return confidence < confidentCutout ? [{ code: "productNotClear", blocking: true }] : [];
  } catch (error) {
    console.warn("[photo-check] could not check a product photo", error);
    return [];
  }
}
