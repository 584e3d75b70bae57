import "server-only";
import type { GenerationTool } from "@/db/schema";
import { runInEngineProcess } from "../engines/local/process/engine-process";
import type { ImageEngineName } from "../engines/engine-names";
import { isPhotoCheckedTool, judgePhoto, judgeProductCutout, judgeProductPhoto, productCheckedTool, type PhotoProblem } from "./judge-photo";

/**
 * The photo check on the server (issue 20): the vision models look at the photo in the local
 * engine's process, judge-photo.ts decides; for AI Product, whether its cut-out can be trusted
 * (issue 37). Used by the upload and review steps (through
 * checkPhotoAction) and again when a generation is requested. A check that cannot run (an
 * unreadable file, the models failing) reports no problem: the image intake and the engine
 * have their own, translated, refusals.
 */
export async function checkPhoto(tool: GenerationTool, image: Uint8Array, engine: ImageEngineName): Promise<PhotoProblem[]> {
  // The preview engine's stand-ins need nothing of the photo: its problems only warn, and AI Product's are not looked for.
  if (tool === productCheckedTool) return engine === "preview" ? [] : checkProductPhoto(image, engine);
  if (!isPhotoCheckedTool(tool)) return [];
  try {
    const findings = await runInEngineProcess({ task: "measurePhoto", image, pose: tool === "body_shaper" });
    return judgePhoto(tool, findings, { refuses: engine !== "preview" });
  } catch (error) {
    console.warn("[photo-check] could not check a photo", error);
    return [];
  }
}

/** AI Product: not a portrait, and on the local engine the cut-out's confidence, as the engine will judge it (issue 37), and the product's size. */
async function checkProductPhoto(image: Uint8Array, engine: ImageEngineName): Promise<PhotoProblem[]> {
  try {
    const portrait = judgeProductPhoto(await runInEngineProcess({ task: "measurePhoto", image, pose: false }));
    if (portrait.length > 0 || engine !== "local") return portrait;
    return judgeProductCutout(await runInEngineProcess({ task: "productCutout", image }));
  } catch (error) {
    console.warn("[photo-check] could not check a product photo", error);
    return [];
  }
}
