import { env } from "@/lib/env";
import type { GenerationTool } from "@/db/schema";
import { engineNameFor } from "./engines/engine-choice";
import type { ImageEngineName } from "./engines/engine-names";

/**
 * Which engine makes a tool's images, for the pages: the local engine's pages mark what it
 * cannot draw and say that photos never leave the server; the preview engine's pages say that
 * its images are previews (decisions 11, 21).
 */
export function activeEngine(tool: GenerationTool): ImageEngineName {
  return engineNameFor(tool, env);
}
