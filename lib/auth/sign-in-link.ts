import "server-only";
import { findUserById, markEmailVerified } from "@/db/queries/users";
import type { MailingAuthContext } from "./context";
import { requestMailedLink, type MailedLinkRequest } from "./mailed-link";
import { redeemToken, type RedeemFailure } from "./one-time-links";

/**
 * Signing in with a link by email, the way in for an owner whose password sign-in is paused by
 * the limits of rate-limit.ts (OWASP: let the owner unlock by email). Offered when SMTP is
 * configured; the link proves the mailbox, as a password reset does, and skips the password.
 */

/** Mails a 15-minute sign-in link; the same answer whether or not the email has an account. */
export function requestSignInLink(context: MailingAuthContext, request: MailedLinkRequest) {
  return requestMailedLink(context, request, "signin");
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
