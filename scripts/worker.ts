/**
 * `npm run worker`: a generation worker as a process of its own, beside (or instead of) the
 * workers inside the app servers. It needs DATABASE_URL: with embedded PGlite only one process
 * may open the database, and the app server's own worker does the work. Stops cleanly on
 * SIGTERM/SIGINT: running jobs go back to the queue at once (stop-on-signals.ts).
 */
import { openDatabase } from "@/db/client";
import { env } from "@/lib/env";
import { createEngineDirectory } from "@/lib/generation/engines/select-engine";
import { stopWorkerOnSignals } from "@/lib/generation/worker/stop-on-signals";
import { startWorker } from "@/lib/generation/worker/worker";
import { workerSettings } from "@/lib/generation/worker/worker-settings";
import { createStorage } from "@/lib/storage/create-storage";

async function main() {
  if (!env.DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL (PostgreSQL). With the embedded PGlite database the app " +
        "server runs the worker itself (WORKER_ENABLED=true).",
    );
    process.exitCode = 1;
    return;
  }
  const settings = workerSettings(env);
  // Each running job uses a connection now and then; a few more serve the poll and heartbeats.
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: settings.concurrency + 3 });
  if (env.MIGRATE_ON_START === "true") await database.migrate();
  const engines = createEngineDirectory(env);
  const worker = startWorker({
    db: database.db,
    storage: createStorage(env),
    resolveEngine: engines.forTool,
    engineNamed: engines.named,
    ...settings,
    onJobSettled: (jobId, outcome) => console.info(`[worker] job ${jobId} ${outcome}`),
  });
  stopWorkerOnSignals(worker, { log: console, beforeExit: () => database.close() });
  console.info(`[worker] started ${worker.workerId} (concurrency ${settings.concurrency})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
