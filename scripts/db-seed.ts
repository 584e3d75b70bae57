/**
 * `npm run db:seed`: migrates, then adds any shipped examples missing from the gallery. Safe to
 * run again; existing rows are left untouched. Stop a dev server that uses the same PGlite
 * folder first: PGlite allows one process per folder.
 */
import { openDatabase } from "@/db/client";
import { env } from "@/lib/env";
import { seedExamples } from "@/lib/db-startup";

async function main() {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    await database.migrate();
    const added = await seedExamples(database.db, { onlyIfEmpty: false });
    console.info(`Seeded ${added} new example(s) (${database.kind}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
