import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authAttempts } from "@/db/schema";

/** Rows the rate limiter counts; shared by every app server through the database. */

export async function insertAttempts(db: DbOrTx, keys: readonly string[], at: Date): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insert(authAttempts)
    .values(keys.map((key) => ({ key, createdAt: at })))
    .returning({ id: authAttempts.id });
  return rows.map((row) => row.id);
}

/** A key's attempts since `since`, oldest first. */
export async function listAttemptsSince(db: DbOrTx, key: string, since: Date): Promise<{ id: number; createdAt: Date }[]> {
  return db
    .select({ id: authAttempts.id, createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gte(authAttempts.createdAt, since)))
    .orderBy(asc(authAttempts.createdAt), asc(authAttempts.id));
}

export async function deleteAttemptsById(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.id, [...ids]));
}

export async function deleteAttemptsByKey(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.key, [...keys]));
}

/** Every key that starts with `prefix`, e.g. one email's attempts from all addresses. */
export async function deleteAttemptsByKeyPrefix(db: DbOrTx, prefix: string): Promise<void> {
  await db.delete(authAttempts).where(sql`starts_with(${authAttempts.key}, ${prefix})`);
}

/** Drops rows too old to matter for any window. */
export async function deleteAttemptsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, before));
}
