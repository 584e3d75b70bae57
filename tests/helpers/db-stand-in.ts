import type { Database } from "@/db/client";

/**
 * A stand-in for @/db whose getDb() answers the test's database, for code that finds the
 * database itself (Auth.js, server actions, pages). Use it with
 *
 *   vi.mock("@/db", async () => (await import("@/tests/helpers/db-stand-in")).dbModule);
 *
 * and hand it the database with setTestDatabase() in a hook before that code runs.
 */

const current: { db: Database | undefined } = { db: undefined };

export function setTestDatabase(db: Database): void {
  current.db = db;
}

export const dbModule = {
  getDb: (): Database => {
    if (!current.db) throw new Error("no test database");
    return current.db;
  },
};
