/**
 * `npm run db:migrate`: applies pending migrations from drizzle/ to the database the
 * environment names (DATABASE_URL, or PGlite in DATA_DIR/db). Stop a dev server that uses the
 * same PGlite folder first: PGlite allows one process per folder.
 */
import { openDatabase } from "@/db/client";
import { env } from "@/lib/env";

async function main() {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    await database.migrate();
    console.info(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
