import type { Env } from "@/lib/env";

/** The worker's knobs as the environment sets them (WORKER_* in .env.example). */
export function workerSettings(
  config: Pick<
    Env,
    "WORKER_CONCURRENCY" | "WORKER_POLL_INTERVAL_MS" | "WORKER_LEASE_MS" | "WORKER_MAX_ATTEMPTS" | "STORAGE_TIMEOUT_MS" | "PREDICTION_POLL_INTERVAL_MS"
  >,
) {
  return {
    concurrency: config.WORKER_CONCURRENCY,
    pollIntervalMs: config.WORKER_POLL_INTERVAL_MS,
    leaseMs: config.WORKER_LEASE_MS,
    maxAttempts: config.WORKER_MAX_ATTEMPTS,
    storageTimeoutMs: config.STORAGE_TIMEOUT_MS,
    predictionPollIntervalMs: config.PREDICTION_POLL_INTERVAL_MS,
  };
}
