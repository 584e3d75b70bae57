import { readFile } from "node:fs/promises";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { getTableName, is, sql, type SQL } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { openPglite, openPostgres, pgliteDatabase, type Database, type OpenDatabase } from "@/db/client";
import * as schema from "@/db/schema";
import { testDatabaseName, testDatabasePrefix } from "@/tests/helpers/database-templates";

/**
 * Fresh databases for integration tests: an in-memory PGlite always, and a throw-away
 * PostgreSQL database when TEST_DATABASE_URL is set (it names a server and a database we may
 * connect to in order to CREATE and DROP others). Tests read process.env directly.
 * Migrated databases are copies of the ones the integration project's globalSetup migrated
 * once per run (tests/helpers/database-templates.ts).
 */

export type TestDatabaseKind = OpenDatabase["kind"];

export interface TestDatabase extends OpenDatabase {
  /** Closes the connection and, for PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** Databases left behind by a crashed run are dropped once they are this old. */
const staleAfterSeconds = 6 * 60 * 60;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

async function dropStaleDatabases(admin: postgres.Sql): Promise<void> {
  const rows = await admin<{ datname: string }[]>`
    select datname from pg_database where datname like ${`${testDatabasePrefix}%`}`;
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of rows) {
    const createdAt = Number(datname.split("_")[1]);
    if (Number.isFinite(createdAt) && now - createdAt > staleAfterSeconds) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
  }
}

function provided<K extends "migratedPgliteFile" | "migratedPostgresTemplate">(key: K): string {
  const value = inject(key);
  if (!value) throw new Error(`${key} is missing: run the integration tests with their globalSetup`);
  return value;
}

async function createPostgresTestDatabase(migrated: boolean): Promise<TestDatabase> {
  const name = testDatabaseName();
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await dropStaleDatabases(admin);
    const template = migrated ? ` template "${provided("migratedPostgresTemplate")}"` : "";
    await admin.unsafe(`create database "${name}"${template}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 5 });
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}

/** Read once per test file: the tarball of a migrated PGlite data folder. */
let migratedPgliteData: Promise<Blob> | undefined;

async function createPgliteTestDatabase(migrated: boolean): Promise<TestDatabase> {
  if (migrated) migratedPgliteData ??= readFile(provided("migratedPgliteFile")).then((bytes) => new Blob([bytes]));
  const database = migrated
    ? pgliteDatabase(new PGlite({ loadDataDir: await migratedPgliteData }))
    : openPglite(undefined);
  return { ...database, dispose: () => database.close() };
}

/** A new database of the given kind: migrated, or empty with `migrate: false`. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrate ?? true;
  return kind === "postgres" ? createPostgresTestDatabase(migrated) : createPgliteTestDatabase(migrated);
}

/** Empties every table of the app schema (not drizzle's migration journal) between tests. */
export async function truncateAllTables(db: Database): Promise<void> {
  const tables = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/** Rows of a raw query; PGlite answers `{ rows }`, postgres.js an array. */
export async function queryRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result;
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error("Unexpected result shape from db.execute");
}

export interface TestDatabaseContext {
  readonly kind: TestDatabaseKind;
  /** The migrated database of the current `describe` block (available in tests and hooks). */
  readonly db: Database;
  readonly database: TestDatabase;
}

/** A suite on its own fresh migrated database of `kind`, created before the suite and disposed after it. */
function describeWithDatabase(
  suite: (name: string, body: () => void) => void,
  name: string,
  kind: TestDatabaseKind,
  fn: (ctx: TestDatabaseContext) => void,
): void {
  suite(name, () => {
    let current: TestDatabase | undefined;
    const context: TestDatabaseContext = {
      kind,
      get database() {
        if (!current) throw new Error("The test database is only available inside tests and hooks.");
        return current;
      },
      get db() {
        return this.database.db;
      },
    };
    beforeAll(async () => {
      current = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await current?.dispose();
      current = undefined;
    });
    fn(context);
  });
}

/**
 * Runs the same suite once per available database kind, each on its own database.
 *
 *   describeEachDatabase("examples", (ctx) => {
 *     it("lists", async () => { await listActiveExamples(ctx.db); });
 *   });
 */
export function describeEachDatabase(name: string, fn: (ctx: TestDatabaseContext) => void): void {
  for (const kind of testDatabaseKinds()) describeWithDatabase(describe, `${name} [${kind}]`, kind, fn);
}

/**
 * A suite that needs a real PostgreSQL server, e.g. for concurrency (PGlite runs one query at a
 * time); skipped when TEST_DATABASE_URL is not set.
 */
export function describeOnPostgres(name: string, fn: (ctx: TestDatabaseContext) => void): void {
  describeWithDatabase(describe.runIf(testDatabaseKinds().includes("postgres")), name, "postgres", fn);
}
