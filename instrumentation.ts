/**
 * Runs once when a Next.js server starts, before it takes requests: migrates the database and
 * seeds the examples gallery (each switchable with MIGRATE_ON_START / SEED_ON_START), then
 * starts the housekeeping tasks (the monthly-allowance refresh of yearly plans,
 * BILLING_REFRESH_INTERVAL_MINUTES; the 30-day deletion of originals, RETENTION_INTERVAL_MINUTES)
 * and the generation worker (WORKER_ENABLED).
 *
 * NEXT_RUNTIME is read straight from process.env on purpose: Next.js replaces it at compile
 * time, which keeps the Node-only database code out of any edge bundle. Everything else comes
 * from lib/env.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;

  const { env, isProductionBuild } = await import("@/lib/env");
  // Next.js does not call register() during `next build`; this guards against that changing.
  if (isProductionBuild) return;

  // A production server without AUTH_SECRET must fail now, not at a visitor's first sign-in.
  const { assertAuthSecretConfigured } = await import("@/lib/auth/secret");
  assertAuthSecretConfigured();

  const migrate = env.MIGRATE_ON_START === "true";
  const seed = env.SEED_ON_START === "true";
  if (migrate || seed) await prepareDatabaseOnStart({ migrate, seed });

  await startHousekeeping(env);

  // Generation jobs run inside the server unless WORKER_ENABLED=false (then `npm run worker`).
  if (env.WORKER_ENABLED === "true") {
    const { startServerWorker } = await import("@/lib/generation/worker/start-server-worker");
    const worker = startServerWorker();
    if (worker) console.info(`[startup] generation worker ${worker.workerId} started`);
  }
}

async function prepareDatabaseOnStart(options: { migrate: boolean; seed: boolean }) {
  const { migrate, seed } = options;
  const [{ getOpenDatabase }, { prepareDatabase }] = await Promise.all([
    import("@/db"),
    import("@/lib/db-startup"),
  ]);
  try {
    const database = getOpenDatabase();
    const result = await prepareDatabase(database, { migrate, seed });
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

async function startHousekeeping(env: typeof import("@/lib/env").env) {
  const { startPeriodicTask } = await import("@/lib/scheduling/periodic-task");
  if (env.BILLING_REFRESH_INTERVAL_MINUTES > 0) {
    const [{ getDb }, { refreshDueAllowances }] = await Promise.all([
      import("@/db"),
      import("@/lib/billing/allowance-refresh"),
    ]);
    startPeriodicTask("billing", () => refreshDueAllowances(getDb()), env.BILLING_REFRESH_INTERVAL_MINUTES);
  }
  if (env.RETENTION_INTERVAL_MINUTES > 0) {
    const [{ getDb }, { getStorage }, { deleteExpiredOriginals }] = await Promise.all([
      import("@/db"),
      import("@/lib/storage"),
      import("@/lib/retention/delete-expired-originals"),
    ]);
    startPeriodicTask(
      "retention",
      () => deleteExpiredOriginals({ db: getDb(), storage: getStorage() }),
      env.RETENTION_INTERVAL_MINUTES,
    );
  }
}
