import path from "node:path";
import { mkdirSync } from "node:fs";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * Opening and migrating a database, shared by the server (db/index.ts), the scripts and the
 * tests. It has no "server-only" guard so that plain Node scripts can import it.
 */
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query modules accept either, so one function works alone or inside a caller's transaction. */
export type DbOrTx = Database | Transaction;

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), "drizzle");
/** Arbitrary constant shared by every instance so concurrent starts migrate one at a time. */
const migrationLockKey = 727_274_001;

/** `dataDir` undefined opens an in-memory PGlite (tests); a folder opens one on disk. */
export function openPglite(dataDir: string | undefined): OpenDatabase {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(new PGlite(dataDir));
}

/** An already constructed PGlite, e.g. one the tests start from a migrated copy. */
export function pgliteDatabase(client: PGlite): OpenDatabase {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): OpenDatabase {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several app servers may start together; an advisory lock makes them migrate in turn.
      // drizzle's migrator opens its own transaction, so the lock is a session lock held by a
      // dedicated one-connection client that also runs the migration.
      const migrationClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await migrationClient`select pg_advisory_lock(${migrationLockKey})`;
        await migratePostgres(drizzlePostgres(migrationClient, { schema }), { migrationsFolder });
        await migrationClient`select pg_advisory_unlock(${migrationLockKey})`;
      } finally {
        // Ending the session also releases the lock if the migration failed.
        await migrationClient.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * The database the environment asks for: PostgreSQL when a URL is given, otherwise PGlite in
 * `<dataDir>/db`. Shared by the server (db/index.ts) and the scripts so they always agree.
 */
export function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  options: { max?: number } = {},
): OpenDatabase {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options)
    : openPglite(path.resolve(config.dataDir, "db"));
}

/** `select 1` within `timeoutMs`, so a health check answers even when the network hangs. */
export async function isReachable(db: Database, timeoutMs = 3000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
