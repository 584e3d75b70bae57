import "server-only";
import { findUserByEmail } from "@/db/queries/users";
import type { AuthEmailKind, MailingAuthContext, RateLimited } from "./context";
import { issueLink } from "./one-time-links";
import { reserveAttempt } from "./rate-limit";

/** The links an address asks for by email, with the email that carries each. */
const mailedLinkEmails = { reset: "reset", signin: "signInLink" } as const satisfies Record<string, AuthEmailKind>;
export type MailedLinkPurpose = keyof typeof mailedLinkEmails;

export interface MailedLinkRequest {
  email: string;
  ip: string | undefined;
}

/**
 * Mails a password-reset or sign-in link if the email has an account. The answer is the same
 * either way, so no one learns which addresses have one; the mail limit of rate-limit.ts applies.
 */
export async function requestMailedLink(
  context: MailingAuthContext,
  request: MailedLinkRequest,
  purpose: MailedLinkPurpose,
): Promise<{ ok: true } | RateLimited> {
  const { db, now } = context;
  const reservation = await reserveAttempt(db, { action: "mail", ...request }, context.rateLimit, now);
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  const user = await findUserByEmail(db, request.email);
  if (user) {
    const link = await issueLink(db, { userId: user.id, purpose, now, appUrl: context.appUrl });
    await context.mailer.send(mailedLinkEmails[purpose], { to: user.email, link });
  }
  return { ok: true };
}
