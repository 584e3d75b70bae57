/**
 * `npm run retention`: deletes uploaded originals older than 30 days (decision 12) from the
 * storage and the database the environment names. Safe to run at any time and repeatedly.
 * With embedded PGlite, stop a server that uses the same data folder first (one process per
 * folder); with PostgreSQL it can run beside the servers, e.g. from cron.
 */
import { openDatabase } from "@/db/client";
import { env } from "@/lib/env";
import { deleteExpiredOriginals } from "@/lib/retention/delete-expired-originals";
import { createStorage } from "@/lib/storage/create-storage";

async function main() {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    const result = await deleteExpiredOriginals({
      db: database.db,
      storage: createStorage(env),
      log: (message, error) => console.error(message, error),
    });
    console.info(`Deleted ${result.deleted} original(s) older than 30 days; ${result.failed} failed.`);
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
