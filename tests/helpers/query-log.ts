import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database } from "@/db/client";
import * as schema from "@/db/schema";

/**
 * An in-memory PGlite whose Drizzle client records every statement it sends (Drizzle's query
 * logger), for tests that count what a page's data costs.
 */
export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

export interface QueryLoggingDatabase {
  db: Database;
  /** Statements since the last `reset()`. */
  readonly queries: LoggedQuery[];
  reset(): void;
  close(): Promise<void>;
}

export async function queryLoggingPglite(): Promise<QueryLoggingDatabase> {
  const client = new PGlite();
  const queries: LoggedQuery[] = [];
  const pglite = drizzle(client, {
    schema,
    logger: { logQuery: (sql, params) => void queries.push({ sql, params }) },
  });
  await migrate(pglite, { migrationsFolder: path.join(process.cwd(), "drizzle") });
  const db: Database = pglite;
  queries.length = 0;
  return {
    db,
    queries,
    reset: () => void (queries.length = 0),
    close: () => client.close(),
  };
}

/** Statements sent more than once with the same parameters: a page's data should have none. */
export function repeatedQueries(queries: readonly LoggedQuery[]): LoggedQuery[] {
  const seen = new Set<string>();
  return queries.filter((query) => {
    const key = JSON.stringify([query.sql, query.params]);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}
