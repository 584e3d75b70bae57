import type { Database } from "@/db/client";
import type { GenerationTool } from "@/db/schema";
import { createPreviewEngine } from "@/lib/generation/engines/preview/preview-engine";
import type { Engine, EngineJob, EngineRunOptions, ImageEngine } from "@/lib/generation/engines/types";
import type { JobOutcome } from "@/lib/generation/worker/run-job";
import { startWorker, type RunningWorker } from "@/lib/generation/worker/worker";
import type { ObjectStorage } from "@/lib/storage/types";

/** An in-process worker with short intervals, and engines a test can script. */

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

export interface TestWorker extends RunningWorker {
  /** The last outcome of each job. */
  outcomes: Map<string, JobOutcome>;
  /** Every settled run in order (a job claimed twice appears twice). */
  settled: { jobId: string; outcome: JobOutcome }[];
}

export function startTestWorker(
  db: Database,
  storage: ObjectStorage,
  engine: Engine | ((tool: GenerationTool) => Engine) = createPreviewEngine(),
  overrides: {
    leaseMs?: number;
    maxAttempts?: number;
    concurrency?: number;
    shutdownGraceMs?: number;
    workerId?: string;
    storageTimeoutMs?: number;
    predictionPollIntervalMs?: number;
    engineNamed?(name: string): Engine | undefined;
  } = {},
): TestWorker {
  const outcomes = new Map<string, JobOutcome>();
  const settled: TestWorker["settled"] = [];
  const worker = startWorker({
    db,
    storage,
    resolveEngine: typeof engine === "function" ? engine : () => engine,
    concurrency: overrides.concurrency ?? 2,
    pollIntervalMs: 20,
    leaseMs: overrides.leaseMs ?? 600,
    maxAttempts: overrides.maxAttempts ?? 2,
    shutdownGraceMs: overrides.shutdownGraceMs ?? 100,
    storageTimeoutMs: overrides.storageTimeoutMs,
    predictionPollIntervalMs: overrides.predictionPollIntervalMs,
    engineNamed: overrides.engineNamed,
    workerId: overrides.workerId,
    onJobSettled: (jobId, outcome) => {
      outcomes.set(jobId, outcome);
      settled.push({ jobId, outcome });
    },
    log: quiet,
  });
  return Object.assign(worker, { outcomes, settled });
}

/** An engine whose behaviour the test decides; it records the jobs it was given. */
export function scriptedEngine(
  behaviour: (job: EngineJob, options: EngineRunOptions) => Promise<Uint8Array[]>,
): ImageEngine & { jobs: EngineJob[] } {
  const jobs: EngineJob[] = [];
  return {
    name: "webhook",
    jobs,
    run(job, options) {
      jobs.push(job);
      return behaviour(job, options);
    },
  };
}

/** Resolves when the signal aborts, with its reason as the rejection (an engine that hangs). */
export function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * The database as one server sees it, with a switch that makes it unreachable: while cut, every
 * query fails as a refused connection would, so a worker's heartbeat and claims fail while the
 * rest of the system (other servers, the test) still reaches the database.
 */
export function cuttableDatabase(db: Database): { db: Database; cut(): void; restore(): void } {
  let unreachable = false;
  const entryPoints = new Set<PropertyKey>(["select", "insert", "update", "delete", "execute", "transaction", "query", "with"]);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (!unreachable || !entryPoints.has(property) || typeof value !== "function") return value;
      return () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432 (database cut by the test)"), { code: "ECONNREFUSED" });
      };
    },
  });
  return {
    db: proxy,
    cut: () => {
      unreachable = true;
    },
    restore: () => {
      unreachable = false;
    },
  };
}
