import "server-only";
import { env } from "@/lib/env";
import { createEngineDirectory, type EngineDirectory } from "./select-engine";

/**
 * The engines of this server, built from the environment once and shared by its worker and by
 * the route that receives the hosted services' callbacks (kept on globalThis because Next.js may
 * load this module in several bundles).
 */
const globalKey = Symbol.for("ai-image-studio.engines");
type GlobalWithEngines = typeof globalThis & { [globalKey]?: EngineDirectory };

export function getEngineDirectory(): EngineDirectory {
  const store = globalThis as GlobalWithEngines;
  store[globalKey] ??= createEngineDirectory(env);
  return store[globalKey];
}
