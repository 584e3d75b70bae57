/**
 * Runs once when a Next.js server starts, before it takes requests: migrates the database and
 * seeds the examples gallery (each switchable with MIGRATE_ON_START / SEED_ON_START).
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

  const migrate = env.MIGRATE_ON_START === "true";
  const seed = env.SEED_ON_START === "true";
  if (!migrate && !seed) return;

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
