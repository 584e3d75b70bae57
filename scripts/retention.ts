/**
 * `npm run retention`: deletes uploaded originals older than 30 days (decision 12) from the
 * storage and the database the environment names, and stored files no row points to that are
 * more than an hour old (left by a crash). Safe to run at any time and repeatedly.
 * With embedded PGlite, stop a server that uses the same data folder first (one process per
 * folder); with PostgreSQL it can run beside the servers, e.g. from cron.
 */
import { openDatabase } from "@/db/client";
import { env } from "@/lib/env";
import { deleteExpiredOriginals } from "@/lib/retention/delete-expired-originals";
import { deleteUnreferencedFiles } from "@/lib/retention/delete-unreferenced-files";
import { createStorage } from "@/lib/storage/create-storage";

async function main() {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    const storage = createStorage(env);
    const log = (message: string, error?: unknown) => console.error(message, error);
    const result = await deleteExpiredOriginals({ db: database.db, storage, log });
    console.info(`Deleted ${result.deleted} original(s) older than 30 days; ${result.failed} failed.`);
    const sweep = await deleteUnreferencedFiles({ db: database.db, storage, log });
    console.info(`Deleted ${sweep.deleted} file(s) no row points to (of ${sweep.checked} checked); ${sweep.failed} failed.`);
    if (result.failed + sweep.failed > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
