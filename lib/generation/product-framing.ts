import "server-only";
import { getStorage } from "@/lib/storage";
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
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return (await runInEngineProcess({ task: "productBackground", image: Buffer.concat(chunks) })) === "busy";
  } catch (error) {
    console.warn("[results] could not tell how the product photo was used", error);
    return null;
  }
}
