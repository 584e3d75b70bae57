import "server-only";
import { findUserByEmail, findUserById, markEmailVerified } from "@/db/queries/users";
import type { MailingAuthContext, RateLimited } from "./context";
import { issueLink, redeemToken, type RedeemFailure } from "./one-time-links";
import { reserveAttempt } from "./rate-limit";

/**
 * Signing in with a link by email, the way in for an owner whose password sign-in is paused by
 * the limits of rate-limit.ts (OWASP: let the owner unlock by email). Offered when SMTP is
 * configured; the link proves the mailbox, as a password reset does, and skips the password.
 */

/** Mails a 15-minute sign-in link if the email has an account; the answer is the same either way. */
export async function requestSignInLink(
  context: MailingAuthContext,
  request: { email: string; ip: string | undefined },
): Promise<{ ok: true } | RateLimited> {
  const { db, now } = context;
  const reservation = await reserveAttempt(db, { action: "mail", ...request }, context.rateLimit, now);
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  const user = await findUserByEmail(db, request.email);
  if (user) {
    const link = await issueLink(db, { userId: user.id, purpose: "signin", now, appUrl: context.appUrl });
    await context.mailer.send("signInLink", { to: user.email, link });
  }
  return { ok: true };
}

/** Uses up a sign-in link; the account it belongs to is signed in by the caller (Auth.js). */
export async function redeemSignInLink(
  context: Pick<MailingAuthContext, "db" | "now">,
  token: string,
): Promise<{ ok: true; user: { id: string; email: string; name: string | null } } | { ok: false; reason: RedeemFailure }> {
  const { db, now } = context;
  return db.transaction(async (tx) => {
    const redeemed = await redeemToken(tx, { token, purpose: "signin", now });
    if (!redeemed.ok) return redeemed;
    const user = await findUserById(tx, redeemed.userId);
    if (!user) return { ok: false, reason: "invalid" };
    // Receiving the link proves the mailbox, which is all a confirmation proves.
    await markEmailVerified(tx, user.id, now);
    return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
  });
}
