import { getDb, getOpenDatabase } from "@/db";
import { assertAuthSecretConfigured } from "@/lib/auth/secret";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { billingContext } from "@/lib/billing/context";
import { prepareDatabase } from "@/lib/db-startup";
import { env, isProductionBuild } from "@/lib/env";
import { getModelChecker } from "@/lib/generation/engines/server-engines";
import { startServerWorker } from "@/lib/generation/worker/start-server-worker";
import { limitImageThreads } from "@/lib/images/image-threads";
import { runOrderHousekeeping } from "@/lib/orders/order-housekeeping";
import { refundsAfterJobs } from "@/lib/orders/refunds-after-jobs";
import { deleteExpiredOriginals } from "@/lib/retention/delete-expired-originals";
import { deleteUnreferencedFiles } from "@/lib/retention/delete-unreferenced-files";
import { startPeriodicTask } from "@/lib/scheduling/periodic-task";
import { installClientAddressHeader } from "@/lib/security/client-address";
import { getStorage } from "@/lib/storage";

/**
 * What a Node.js server does once before it takes requests (called from instrumentation.ts):
 * give each image one libvips thread (image-threads.ts), migrate and seed the database (MIGRATE_ON_START / SEED_ON_START), start the housekeeping
 * tasks (the monthly-allowance refresh of yearly plans, BILLING_REFRESH_INTERVAL_MINUTES; the
 * 30-day deletion of originals, RETENTION_INTERVAL_MINUTES; the sweep of files no row points
 * to, FILE_SWEEP_INTERVAL_MINUTES;
 * paid orders' refunds and unpaid orders' clean-up, ORDERS_INTERVAL_MINUTES; the lookups of the
 * hosted models at their providers, MODEL_CHECK_INTERVAL_MINUTES) and the generation
 * worker (WORKER_ENABLED), which sends the refunds a job's end owes at once. Kept out of instrumentation.ts so the edge build never traces it.
 */
export async function startNodeServer() {
  // Next.js does not call register() during `next build`; this guards against that changing.
  if (isProductionBuild) return;

  // A production server without AUTH_SECRET must fail now, not at a visitor's first sign-in.
  assertAuthSecretConfigured();

  // Per-address limits must see the real client, never an address the client made up.
  installClientAddressHeader(env.TRUSTED_PROXY_HOPS);

  limitImageThreads();

  const migrate = env.MIGRATE_ON_START === "true";
  const seed = env.SEED_ON_START === "true";
  if (migrate || seed) await prepareDatabaseOnStart({ migrate, seed });

  startHousekeeping();

  // Generation jobs run inside the server unless WORKER_ENABLED=false (then `npm run worker`).
  if (env.WORKER_ENABLED === "true") {
    const sendRefunds = refundsAfterJobs(billingContext);
    const worker = startServerWorker({
      onJobSettled: (_jobId, outcome) => {
        if (outcome === "complete" || outcome === "failed") sendRefunds();
      },
    });
    if (worker) console.info(`[startup] generation worker ${worker.workerId} started`);
  }
}

async function prepareDatabaseOnStart(options: { migrate: boolean; seed: boolean }) {
  try {
    const database = getOpenDatabase();
    const result = await prepareDatabase(database, options);
    console.info(
      `[startup] database ready (${database.kind}${result.migrated ? ", migrated" : ""}` +
        `${result.seededExamples > 0 ? `, ${result.seededExamples} examples seeded` : ""})`,
    );
  } catch (error) {
    // A server that cannot reach or migrate its database must not start answering requests.
    console.error("[startup] database preparation failed", error);
    throw error;
  }
}

function startHousekeeping() {
  if (env.BILLING_REFRESH_INTERVAL_MINUTES > 0) {
    startPeriodicTask("billing", () => refreshDueAllowances(getDb()), env.BILLING_REFRESH_INTERVAL_MINUTES);
  }
  if (env.RETENTION_INTERVAL_MINUTES > 0) {
    startPeriodicTask(
      "retention",
      () => deleteExpiredOriginals({ db: getDb(), storage: getStorage() }),
      env.RETENTION_INTERVAL_MINUTES,
    );
  }
  if (env.FILE_SWEEP_INTERVAL_MINUTES > 0) {
    startPeriodicTask(
      "file sweep",
      () => deleteUnreferencedFiles({ db: getDb(), storage: getStorage(), log: (message, error) => console.error(message, error) }),
      env.FILE_SWEEP_INTERVAL_MINUTES,
    );
  }
  if (env.ORDERS_INTERVAL_MINUTES > 0) {
    startPeriodicTask("orders", () => runOrderHousekeeping(billingContext(), getStorage()), env.ORDERS_INTERVAL_MINUTES);
  }
  // Hosted models that are retired or unknown are found now, before anyone pays for a job on them.
  if (env.MODEL_CHECK_INTERVAL_MINUTES > 0) {
    startPeriodicTask("models", () => getModelChecker().refresh(), env.MODEL_CHECK_INTERVAL_MINUTES);
  }
}
