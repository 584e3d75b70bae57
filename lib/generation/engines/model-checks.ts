import { generationTools, type GenerationTool } from "@/db/schema";
import type { ImageEngineName } from "./engine-names";
import type { Engine } from "./types";

/**
 * Models that exist today (decision 26, issue 35): each hosted model a tool is configured to run
 * on is looked up at its provider (one cheap call per distinct model) when the server starts and
 * then now and then, never per request. A model the provider does not serve (retired, unknown,
 * or no key to reach it) is logged for the operator naming its tools, shows as `degraded` in
 * /api/health, and its tools refuse new jobs before any credit is taken. A lookup that could not
 * be made (the provider's API is down) changes nothing: the tools stay open and the operator is
 * told.
 */

export type ModelState = "available" | "unavailable" | "unchecked";

export interface ModelCheck {
  engine: ImageEngineName;
  model: string;
  /** The tools configured to run on it. */
  tools: GenerationTool[];
  state: ModelState;
  /** Why it is unavailable, or why it could not be checked. */
  detail?: string;
  checkedAt: Date;
}

export interface ModelChecker {
  /** Looks every configured hosted model up now (joining a round already under way). */
  refresh(): Promise<ModelCheck[]>;
  /** The last lookups, or a refresh when they are older than `maxAgeMs`. */
  fresh(maxAgeMs: number): Promise<ModelCheck[]>;
  /** The last lookups (none before the first one has finished). */
  current(): readonly ModelCheck[];
  /** The tool's model when its last lookup found it unavailable. */
  unavailableFor(tool: GenerationTool): ModelCheck | undefined;
}

export interface ModelCheckerDeps {
  engineFor(tool: GenerationTool): Engine;
  log: Pick<Console, "info" | "warn" | "error">;
  /** Time limit of one lookup (default 15 s). */
  lookupTimeoutMs?: number;
}

/** The tools of each hosted model in use, by engine and model. */
function modelsInUse(engineFor: ModelCheckerDeps["engineFor"]) {
  const byModel = new Map<string, { engine: Engine; model: string; tools: GenerationTool[] }>();
  for (const tool of generationTools) {
    const engine = engineFor(tool);
    const model = engine.modelFor?.(tool);
    if (!model || !engine.lookupModel) continue;
    const key = `${engine.name}\u0000${model}`;
    const entry = byModel.get(key) ?? { engine, model, tools: [] };
    entry.tools.push(tool);
    byModel.set(key, entry);
  }
  return [...byModel.values()];
}

function describe(check: ModelCheck): string {
  return `${check.tools.join(", ")} on ${check.engine} model ${check.model}`;
}

export function createModelChecker(deps: ModelCheckerDeps): ModelChecker {
  let checks: ModelCheck[] = [];
  let refreshedAt = 0;
  let inFlight: Promise<ModelCheck[]> | undefined;

  async function lookUp({ engine, model, tools }: ReturnType<typeof modelsInUse>[number]): Promise<ModelCheck> {
    const checkedAt = new Date();
    const base = { engine: engine.name, model, tools, checkedAt };
    try {
      const lookup = await engine.lookupModel?.(model, { signal: AbortSignal.timeout(deps.lookupTimeoutMs ?? 15_000) });
      if (!lookup || lookup.served) return { ...base, state: "available" };
      return { ...base, state: "unavailable", detail: lookup.detail };
    } catch (error) {
      return { ...base, state: "unchecked", detail: error instanceof Error ? error.message : String(error) };
    }
  }

  function report(next: readonly ModelCheck[]) {
    for (const check of next) {
      if (check.state === "unavailable") {
        deps.log.error(`[models] ${describe(check)} is not available (${check.detail ?? "unknown"}): these tools refuse new jobs until it is served again or another model is configured`);
      } else if (check.state === "unchecked") {
        deps.log.warn(`[models] could not check ${describe(check)}: ${check.detail ?? "unknown"}`);
      }
    }
    const served = next.filter((check) => check.state === "available");
    if (served.length > 0) deps.log.info(`[models] served: ${served.map(describe).join("; ")}`);
  }

  async function lookUpAll(): Promise<ModelCheck[]> {
    const next = await Promise.all(modelsInUse(deps.engineFor).map(lookUp));
    checks = next;
    refreshedAt = Date.now();
    report(next);
    return next;
  }

  function refresh(): Promise<ModelCheck[]> {
    inFlight ??= lookUpAll().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    refresh,
    fresh(maxAgeMs) {
      if (refreshedAt > 0 && Date.now() - refreshedAt < maxAgeMs) return Promise.resolve(checks);
      return refresh();
    },
    current: () => checks,
    unavailableFor: (tool) => checks.find((check) => check.state === "unavailable" && check.tools.includes(tool)),
  };
}
