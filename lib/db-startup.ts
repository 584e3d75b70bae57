import type { DbOrTx, OpenDatabase } from "@/db/client";
import { countExamples, insertMissingExamples } from "@/db/queries/examples";
import { exampleSeed } from "@/lib/example-seed";

/**
 * Getting a database ready: used by instrumentation.ts when the server starts and by the
 * db:migrate / db:seed scripts. No "server-only" here, so plain Node (tsx) can import it.
 */

export interface StartupOptions {
  migrate: boolean;
  seed: boolean;
}

export interface StartupResult {
  migrated: boolean;
  seededExamples: number;
}

/**
 * Adds the shipped examples that are missing. With `onlyIfEmpty` (server start) an existing
 * gallery is left exactly as it is, so examples removed on purpose stay removed.
 */
export async function seedExamples(db: DbOrTx, options: { onlyIfEmpty: boolean }): Promise<number> {
  if (options.onlyIfEmpty && (await countExamples(db)) > 0) return 0;
  return insertMissingExamples(db, exampleSeed);
}

export async function prepareDatabase(database: OpenDatabase, options: StartupOptions): Promise<StartupResult> {
  if (options.migrate) await database.migrate();
  const seededExamples = options.seed ? await seedExamples(database.db, { onlyIfEmpty: true }) : 0;
  return { migrated: options.migrate, seededExamples };
}
