import "server-only";
import { findUserByEmail, markEmailVerified } from "@/db/queries/users";
import type { MailingAuthContext, RateLimited } from "./context";
import { issueLink, redeemToken, type RedeemFailure } from "./one-time-links";
import { reserveAttempt } from "./rate-limit";

/** Following the confirmation link, and asking for a new one. */

export async function confirmEmail(
  context: { db: MailingAuthContext["db"]; now: Date },
  token: string,
): Promise<{ ok: true } | { ok: false; reason: RedeemFailure }> {
  const redeemed = await redeemToken(context.db, { token, purpose: "confirm", now: context.now });
  if (!redeemed.ok) return redeemed;
  await markEmailVerified(context.db, redeemed.userId, context.now);
  return { ok: true };
}

/**
 * Sends a fresh confirmation link if the email belongs to an unconfirmed account. The answer is
 * the same either way, so nobody can probe which emails have accounts.
 */
export async function resendConfirmation(
  context: MailingAuthContext,
  request: { email: string; ip: string | undefined },
): Promise<{ ok: true } | RateLimited> {
  const { db, now } = context;
  const reservation = await reserveAttempt(db, { action: "mail", ...request }, context.rateLimit, now);
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  const user = await findUserByEmail(db, request.email);
  if (user && !user.emailVerified) {
    const link = await issueLink(db, { userId: user.id, purpose: "confirm", now, appUrl: context.appUrl });
    await context.mailer.send("confirmation", { to: user.email, link });
  }
  return { ok: true };
}
