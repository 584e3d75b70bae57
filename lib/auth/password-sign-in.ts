import "server-only";
import { deleteAttemptsById } from "@/db/queries/auth-attempts";
import { findUserByEmail } from "@/db/queries/users";
import type { AuthContext, RateLimited } from "./context";
import { verifyAgainstDummy, verifyPassword } from "./password";
import { forgiveAttempts, reserveAttempt } from "./rate-limit";

/** Checking an email and password, with the failure limit of rate-limit.ts. */

export type PasswordSignInResult =
  | { ok: true; user: { id: string; email: string; name: string | null } }
  | { ok: false; reason: "invalid_credentials" | "email_unconfirmed" }
  | RateLimited;

export async function signInWithPassword(
  context: AuthContext & { emailConfirmationRequired: boolean },
  credentials: { email: string; password: string; ip: string | undefined },
): Promise<PasswordSignInResult> {
  const { db, now } = context;
  const reservation = await reserveAttempt(
    db,
    { action: "signin", email: credentials.email, ip: credentials.ip },
    context.rateLimit,
    now,
  );
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  const user = await findUserByEmail(db, credentials.email);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(credentials.password, user.passwordHash)
    : await verifyAgainstDummy(credentials.password);
  // The reserved attempt stays recorded: it is the failure the limit counts.
  if (!user || !passwordMatches) return { ok: false, reason: "invalid_credentials" };

  if (context.emailConfirmationRequired && !user.emailVerified) {
    // The right password is no guess, so this try does not count against the limit.
    await deleteAttemptsById(db, reservation.attemptIds);
    return { ok: false, reason: "email_unconfirmed" };
  }
  await forgiveAttempts(db, reservation);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}
