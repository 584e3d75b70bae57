import "server-only";
import { getStorage } from "@/lib/storage";
import { readBody } from "@/lib/storage/read-body";
import { runInEngineProcess } from "./engines/local/process/engine-process";

/**
 * Whether the local engine showed an AI Product photo whole, as a framed print, because its
 * background was too busy to cut the product out: decided again from the stored original by
 * the engine's own rule, so the results banner can say so. Unknown (null) once the original is
 * gone (after 30 days) or when it cannot be read.
 */
export async function wasProductFramed(originalImageKey: string | null): Promise<boolean | null> {
  if (!originalImageKey) return null;
  try {
    const stored = await getStorage().get(originalImageKey);
    if (!stored) return null;
    return (await runInEngineProcess({ task: "productBackground", image: await readBody(stored.body) })) === "busy";
  } catch (error) {
    console.warn("[results] could not tell how the product photo was used", error);
    return null;
  }
}
