import "server-only";
import { env, isProductionBuild } from "@/lib/env";
import { openDatabase, type Database, type OpenDatabase } from "./client";

export type { Database, DbOrTx, Transaction } from "./client";

/**
 * One database per process, opened on first use. Kept on globalThis because Next.js may load
 * this module in more than one bundle, and two PGlite instances on one folder would corrupt it.
 */
const globalKey = Symbol.for("ai-image-studio.database");
type GlobalWithDatabase = typeof globalThis & { [globalKey]?: OpenDatabase };

export function getOpenDatabase(): OpenDatabase {
  const store = globalThis as GlobalWithDatabase;
  if (!store[globalKey]) {
    if (isProductionBuild) throw new Error("The database must not be opened during `next build`.");
    store[globalKey] = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  }
  return store[globalKey];
}

export function getDb(): Database {
  return getOpenDatabase().db;
}
