import type { RunningWorker } from "./worker";

/**
 * Graceful restart, for `npm run worker` and for the worker inside each Next.js server alike: on
 * SIGTERM or SIGINT the worker stops claiming and hands its running jobs back to the queue at
 * once without counting the attempt (RunningWorker.stop), so another worker resumes them now
 * instead of when their lease (WORKER_LEASE_MS) runs out.
 *
 * Listeners already registered for these signals are taken off and called only after the
 * hand-back: Next.js's own closes the HTTP server and calls process.exit, and left beside ours it
 * would end the process before the jobs were back in the queue. When there was none (the worker
 * script) and nobody else listens, this ends the process itself.
 */

const shutdownSignals = ["SIGTERM", "SIGINT"] as const;

/** A hand-back that cannot reach the database must not hold the exit up; the lease recovers those jobs. */
const handBackTimeoutMs = 5_000;

export interface StopOnSignalsOptions {
  log: Pick<Console, "info" | "error">;
  /** Runs after the hand-back, before the process ends (the worker script closes its database here). */
  beforeExit?: () => Promise<void>;
}

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export function stopWorkerOnSignals(worker: RunningWorker, options: StopOnSignalsOptions): void {
  const earlier = new Map<NodeJS.Signals, NodeJS.SignalsListener[]>(
    shutdownSignals.map((signal) => [signal, process.listeners(signal)]),
  );
  let stopping = false;

  async function shutDown(signal: NodeJS.Signals): Promise<void> {
    options.log.info(`[worker] ${signal}: handing running jobs back to the queue`);
    try {
      await Promise.race([worker.stop(), timeout(handBackTimeoutMs)]);
      await options.beforeExit?.();
    } catch (error) {
      options.log.error("[worker] shutdown failed", error);
    }
  }

  function onSignal(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    void shutDown(signal).then(() => {
      const listeners = earlier.get(signal) ?? [];
      for (const listener of listeners) listener(signal);
      if (listeners.length === 0 && process.listenerCount(signal) === 1) process.exit(0);
    });
  }

  for (const [signal, listeners] of earlier) {
    for (const listener of listeners) process.off(signal, listener);
    process.on(signal, onSignal);
  }
}
