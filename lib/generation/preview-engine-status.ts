import { env } from "@/lib/env";
import type { GenerationTool } from "@/db/schema";
import { engineNameFor } from "./engines/engine-choice";

/**
 * Whether a tool's images come from the offline preview engine, so its pages can say that the
 * results are previews (decision 11) instead of letting people think the AI ran.
 */
export function isPreviewEngineActive(tool: GenerationTool): boolean {
  return engineNameFor(tool, env) === "preview";
}
