import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import {
  deleteExpiredUserSessions,
  deleteSession,
  deleteUserSessions,
  extendSession,
  findLiveSessionUser,
  insertSession,
} from "@/db/queries/auth-sessions";
import { sessionMaxAgeSeconds } from "./session-lifetime";

/**
 * Revocable sessions (decision 23). The session cookie is a signed JWT that would otherwise be
 * valid until it expires; it also names a row in the sessions table, and the server reader
 * (session.ts) accepts the cookie only while that row exists. Signing out deletes the row; a new
 * password and 'Sign out everywhere' delete all of the user's rows. The table keeps only a hash
 * of the id, so a leaked table names no live cookie.
 */

const lifetimeMs = sessionMaxAgeSeconds * 1000;
/** A session in use has its expiry moved on at most once a day, not on every request. */
const extendAfterMs = 24 * 60 * 60 * 1000;

function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** Records a sign-in; the returned id goes into the session cookie. */
export async function startServerSession(db: DbOrTx, params: { userId: string; now: Date }): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  await deleteExpiredUserSessions(db, params);
  await insertSession(db, {
    tokenHash: hashSessionId(sessionId),
    userId: params.userId,
    expires: new Date(params.now.getTime() + lifetimeMs),
  });
  return sessionId;
}

/** The signed-in user of a cookie's session, or undefined once it was ended (or the account deleted). */
export async function findSessionUser(
  db: DbOrTx,
  params: { userId: string; sessionId: string; now: Date },
): Promise<{ id: string; email: string } | undefined> {
  const tokenHash = hashSessionId(params.sessionId);
  const row = await findLiveSessionUser(db, { tokenHash, userId: params.userId, now: params.now });
  if (!row) return undefined;
  if (row.expires.getTime() - params.now.getTime() < lifetimeMs - extendAfterMs) {
    await extendSession(db, tokenHash, new Date(params.now.getTime() + lifetimeMs));
  }
  return { id: row.id, email: row.email };
}

/** Sign-out: this cookie's session ends, wherever copies of the cookie are. */
export async function endServerSession(db: DbOrTx, sessionId: string): Promise<void> {
  await deleteSession(db, hashSessionId(sessionId));
}

/** A new password or 'Sign out everywhere': every session of the user ends. */
export async function endAllServerSessions(db: DbOrTx, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
