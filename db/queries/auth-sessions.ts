import { and, eq, gt, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sessions, users } from "@/db/schema";

/**
 * Server-side records of sign-ins, one per session cookie, stored by the hash of the id the
 * cookie carries. Deleting a row ends that session however long its cookie would still be valid.
 */

export async function insertSession(db: DbOrTx, session: { tokenHash: string; userId: string; expires: Date }): Promise<void> {
  await db.insert(sessions).values({ sessionToken: session.tokenHash, userId: session.userId, expires: session.expires });
}

/**
 * The user of a live session, with the session's expiry: one lookup by primary key, joined to
 * the user so a deleted account counts as signed out too.
 */
export async function findLiveSessionUser(
  db: DbOrTx,
  params: { tokenHash: string; userId: string; now: Date },
): Promise<{ id: string; email: string; expires: Date } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, expires: sessions.expires })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, params.tokenHash), eq(sessions.userId, params.userId), gt(sessions.expires, params.now)))
    .limit(1);
  return row;
}

export async function extendSession(db: DbOrTx, tokenHash: string, expires: Date): Promise<void> {
  await db.update(sessions).set({ expires }).where(eq(sessions.sessionToken, tokenHash));
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sessionToken, tokenHash));
}

export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Drops a user's sessions that ran out on their own. */
export async function deleteExpiredUserSessions(db: DbOrTx, params: { userId: string; now: Date }): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, params.userId), lte(sessions.expires, params.now)));
}
