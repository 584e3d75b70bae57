import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
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

export async function countAttemptsSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gte(authAttempts.createdAt, since)));
  return row?.total ?? 0;
}

/** The creation times of a key's attempts since `since`, oldest first. */
export async function listAttemptTimesSince(db: DbOrTx, key: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gte(authAttempts.createdAt, since)))
    .orderBy(asc(authAttempts.createdAt), asc(authAttempts.id));
  return rows.map((row) => row.createdAt);
}

export async function deleteAttemptsById(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.id, [...ids]));
}

export async function deleteAttemptsByKey(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.key, [...keys]));
}

/** Drops rows too old to matter for any window. */
export async function deleteAttemptsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, before));
}
