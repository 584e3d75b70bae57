import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import { sessions, users } from "@/db/schema";

/**
 * Server-side records of sign-ins, one per session cookie, stored by the hash of the id the
 * cookie carries. Deleting a row ends that session however long its cookie would still be valid.
 */

export async function insertSession(db: DbOrTx, session: { tokenHash: string; userId: string; expires: Date }): Promise<void> {
  await db.insert(sessions).values({ sessionToken: session.tokenHash, userId: session.userId, expires: session.expires });
}

/** Every signed-in request runs it, so it is built once (db/prepared.ts). */
const liveSessionUser = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, email: users.email, expires: sessions.expires })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.sessionToken, sql.placeholder("tokenHash")),
        eq(sessions.userId, sql.placeholder("userId")),
        gt(sessions.expires, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("live_session_user"),
);

/**
 * The user of a live session, with the session's expiry: one lookup by primary key, joined to
 * the user so a deleted account counts as signed out too.
 */
export async function findLiveSessionUser(
  db: DbOrTx,
  params: { tokenHash: string; userId: string; now: Date },
): Promise<{ id: string; email: string; expires: Date } | undefined> {
  // A placeholder's value skips the column's encoding: postgres.js takes the time as text.
  const [row] = await liveSessionUser(db).execute({ ...params, now: params.now.toISOString() });
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
