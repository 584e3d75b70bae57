import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "@/lib/env";
import { createModelChecker, type ModelCheck, type ModelChecker } from "./model-checks";
import { createEngineDirectory, type EngineDirectory } from "./select-engine";

/**
 * The engines of this server, built from the environment once and shared by its worker and by
 * the route that receives the hosted services' callbacks, and the lookups of their models
 * (kept on globalThis because Next.js may load this module in several bundles).
 */
const globalKey = Symbol.for("ai-image-studio.engines");
const checkerKey = Symbol.for("ai-image-studio.model-checks");
type GlobalWithEngines = typeof globalThis & { [globalKey]?: EngineDirectory; [checkerKey]?: ModelChecker };

export function getEngineDirectory(): EngineDirectory {
  const store = globalThis as GlobalWithEngines;
  store[globalKey] ??= createEngineDirectory(env);
  return store[globalKey];
}

/** The lookups of this server's hosted models (MODEL_CHECK_INTERVAL_MINUTES > 0), created on first use. */
export function getModelChecker(): ModelChecker {
  const store = globalThis as GlobalWithEngines;
  store[checkerKey] ??= createModelChecker({ engineFor: getEngineDirectory().forTool, log: console });
  return store[checkerKey];
}

/**
 * The tool's hosted model when its last lookup found it unavailable. Only reads what the server
 * already looked up: accepting a job never waits for, or causes, a call to a provider.
 */
export function unavailableModelFor(tool: Parameters<ModelChecker["unavailableFor"]>[0]) {
  return (globalThis as GlobalWithEngines)[checkerKey]?.unavailableFor(tool);
}

/**
 * For /api/health: the hosted models' lookups, refreshed when older than the check interval (so
 * a load balancer's polling costs the providers one call per model per interval), waiting for a
 * refresh at most `waitMs`. Empty when the lookups are off.
 */
export async function hostedModelReport(waitMs = 3_000): Promise<readonly ModelCheck[]> {
  if (env.MODEL_CHECK_INTERVAL_MINUTES === 0) return [];
  const checker = getModelChecker();
  const fresh = checker.fresh(env.MODEL_CHECK_INTERVAL_MINUTES * 60_000);
  return Promise.race([fresh, sleep(waitMs, undefined, { ref: false }).then(() => checker.current())]);
}
