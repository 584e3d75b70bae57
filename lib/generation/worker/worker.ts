import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import type { Database } from "@/db/client";
import { claimJobs, type ClaimedJob } from "@/db/queries/generation-jobs";
import type { GenerationTool } from "@/db/schema";
import type { ObjectStorage } from "@/lib/storage/types";
import type { Engine } from "../engines/types";
import { findJobDescription } from "../tools";
import { recoverAbandonedJobs } from "./job-outcomes";
import { settleEndedPredictions } from "./prediction-jobs";
import { runClaimedJob, type JobContext, type JobOutcome } from "./run-job";
import { onJobQueued } from "@/lib/scheduling/job-queue-signal";

/**
 * A generation worker (decision 10): claims jobs from the database queue up to `concurrency` at
 * a time, runs them, and now and then recovers abandoned ones. Any number of workers, in app
 * servers or as `npm run worker`, may share one PostgreSQL database; with PGlite the worker
 * inside the one server process is the only one. No "server-only" here: the worker script and
 * the tests import it.
 */

export interface WorkerOptions {
  db: Database;
  storage: ObjectStorage;
  resolveEngine(tool: GenerationTool): Engine;
  /** The engine of that name (cancelling hosted predictions whose job ended). */
  engineNamed?(name: string): Engine | undefined;
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  maxAttempts: number;
  /** Time limit of each storage read and write a job makes (default 20 s). */
  storageTimeoutMs?: number;
  /** How long a job waiting for a hosted prediction waits before it polls (default 10 s). */
  predictionPollIntervalMs?: number;
  workerId?: string;
  /**
   * How long stop() lets running jobs finish before handing them back. Default 0: a stopping
   * server hands them back at once, so another worker resumes them without waiting for a lease
   * and no container runtime kills the process halfway through a long grace period.
   */
  shutdownGraceMs?: number;
  /** Called after each job, for tests and logs. */
  onJobSettled?(jobId: string, outcome: JobOutcome): void;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export interface RunningWorker {
  readonly workerId: string;
  /** Runs in progress (each claim counts once, even when one job was claimed twice). */
  readonly runningJobs: number;
  /** Stops claiming and hands running jobs back to the queue (after shutdownGraceMs, if set). */
  stop(): Promise<void>;
}

const timeLimitOf = (tool: GenerationTool) => findJobDescription(tool).timeLimitMs;
const timeLimits: Record<GenerationTool, number> = {
  headshot_pro: timeLimitOf("headshot_pro"),
  ai_product: timeLimitOf("ai_product"),
  hair_changer: timeLimitOf("hair_changer"),
  body_shaper: timeLimitOf("body_shaper"),
  edit: timeLimitOf("edit"),
};

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export function startWorker(options: WorkerOptions): RunningWorker {
  const workerId = options.workerId ?? defaultWorkerId();
  const log = options.log ?? console;
  const context: JobContext = {
    ...options,
    storageTimeoutMs: options.storageTimeoutMs ?? 20_000,
    predictionPollIntervalMs: options.predictionPollIntervalMs ?? 10_000,
    workerId,
    log,
  };
  const stopController = new AbortController();
  // Every running job listens for the stop (run-job.ts): up to `concurrency` listeners (at most
  // 32) are the design, not a leak, and must not trip Node's warning at the 11th.
  setMaxListeners(Math.max(10, options.concurrency), stopController.signal);
  // Keyed by claim token, not job id: after a lost lease the same job may be claimed again
  // while the old run is still winding down, and each run must free only its own slot.
  const running = new Map<string, Promise<void>>();
  const recoveryIntervalMs = Math.max(options.pollIntervalMs, Math.min(options.leaseMs / 2, 2000));
  let lastRecovery = 0;
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  // A wake while the loop is busy (not pausing) must not be lost: the next pause is skipped.
  let wokenWhileBusy = false;

  const wake = () => {
    if (wakeUp) wakeUp();
    else wokenWhileBusy = true;
  };
  const unsubscribe = onJobQueued(wake);
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wokenWhileBusy) {
        wokenWhileBusy = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  function track(job: ClaimedJob, claimedAt: number) {
    const task = runClaimedJob(context, job, stopController.signal, claimedAt)
      .then((outcome) => options.onJobSettled?.(job.id, outcome))
      .catch((error: unknown) => log.error(`[worker] job ${job.id} could not be settled`, error))
      .finally(() => {
        running.delete(job.claimToken);
        wake();
      });
    running.set(job.claimToken, task);
  }

  async function cycle(): Promise<boolean> {
    if (Date.now() - lastRecovery >= recoveryIntervalMs) {
      lastRecovery = Date.now();
      const recovered = await recoverAbandonedJobs(options.db, { maxAttempts: options.maxAttempts });
      if (recovered.failed + recovered.requeued > 0) log.info(`[worker] recovered jobs`, recovered);
      const cancelled = await settleEndedPredictions(context);
      if (cancelled > 0) log.info(`[worker] cancelled ${cancelled} prediction(s) of ended jobs`);
    }
    const free = options.concurrency - running.size;
    if (free <= 0 || stopping) return false;
    const claimedAt = Date.now();
    const claimed = await claimJobs(options.db, { workerId, limit: free, leaseMs: options.leaseMs, timeLimits });
    for (const job of claimed) track(job, claimedAt);
    // A full batch suggests more are waiting: look again at once instead of sleeping.
    return claimed.length === free && running.size < options.concurrency;
  }

  const loop = (async () => {
    while (!stopping) {
      let again = false;
      try {
        again = await cycle();
      } catch (error) {
        log.error("[worker] polling the queue failed", error);
      }
      if (!again && !stopping) await pause(options.pollIntervalMs);
    }
  })();

  return {
    workerId,
    get runningJobs() {
      return running.size;
    },
    async stop() {
      if (stopping) return loop;
      stopping = true;
      unsubscribe();
      wake();
      await loop;
      const graceMs = options.shutdownGraceMs ?? 0;
      if (graceMs > 0 && running.size > 0) {
        const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
        await Promise.race([Promise.allSettled(running.values()), grace]);
      }
      stopController.abort();
      await Promise.allSettled(running.values());
    },
  };
}
