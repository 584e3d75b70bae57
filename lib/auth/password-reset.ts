import "server-only";
import { retireAuthTokens } from "@/db/queries/auth-tokens";
import { findUserById, markEmailVerified, updatePasswordHash } from "@/db/queries/users";
import type { AuthContext, MailingAuthContext } from "./context";
import { requestMailedLink, type MailedLinkRequest } from "./mailed-link";
import { redeemToken, type RedeemFailure } from "./one-time-links";
import { hashPassword } from "./password";
import { forgetSignInFailures } from "./rate-limit";
import { endAllServerSessions } from "./server-sessions";

/** "Forgot password?": a one-hour link by email, then a new password. */

/** Mails the link; the same answer whether or not the email has an account. */
export function requestPasswordReset(context: MailingAuthContext, request: MailedLinkRequest) {
  return requestMailedLink(context, request, "reset");
}

export async function resetPassword(
  context: Pick<AuthContext, "db" | "now">,
  request: { token: string; password: string },
): Promise<{ ok: true; email: string } | { ok: false; reason: RedeemFailure }> {
  const { db, now } = context;
  // Hash first: the slow part must not sit between using the link and saving the password.
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const redeemed = await redeemToken(tx, { token: request.token, purpose: "reset", now });
    if (!redeemed.ok) return redeemed;
    const user = await findUserById(tx, redeemed.userId);
    if (!user) return { ok: false, reason: "invalid" };
    await updatePasswordHash(tx, user.id, passwordHash);
    // Whoever knew the old password may be signed in somewhere: every session ends.
    await endAllServerSessions(tx, user.id);
    // Receiving the link proves the mailbox, which is all a confirmation proves.
    await markEmailVerified(tx, user.id, now);
    await retireAuthTokens(tx, { userId: user.id, purpose: "reset", now });
    // A new password ends any wait that guessing the old one caused.
    await forgetSignInFailures(tx, user.email);
    return { ok: true, email: user.email };
  });
}
