import "server-only";
import { deleteUser, findUserByEmail, insertUserIfEmailFree } from "@/db/queries/users";
import { emailDomain } from "@/lib/analytics/events";
import { captureServerEvent } from "@/lib/analytics/server-events";
import type { MailingAuthContext, RateLimited } from "./context";
import { issueLink } from "./one-time-links";
import { hashPassword } from "./password";
import { reserveAttempt } from "./rate-limit";

/** Creating an account with email and password (the first sign-in later adds the credits). */

export interface SignUpDetails {
  firstName: string;
  lastName: string;
  /** Already lower-cased and validated (lib/validations/auth.ts). */
  email: string;
  password: string;
  ip: string | undefined;
}

export type SignUpResult =
  | { ok: true; userId: string; confirmationRequired: boolean }
  | { ok: false; reason: "email_taken" | "mail_failed" }
  | RateLimited;

export async function signUp(context: MailingAuthContext, details: SignUpDetails): Promise<SignUpResult> {
  const { db, now } = context;
  const reservation = await reserveAttempt(
    db,
    { action: "signup", email: details.email, ip: details.ip },
    context.rateLimit,
    now,
  );
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  if (await findUserByEmail(db, details.email)) return { ok: false, reason: "email_taken" };
  const user = await insertUserIfEmailFree(db, {
    email: details.email,
    firstName: details.firstName,
    lastName: details.lastName,
    name: `${details.firstName} ${details.lastName}`,
    passwordHash: await hashPassword(details.password),
    // Without SMTP nobody could ever confirm, so the account is active at once (decision 13).
    emailVerified: context.emailConfirmationRequired ? null : now,
  });
  // Another request registered the same email between the check and the insert.
  if (!user) return { ok: false, reason: "email_taken" };

  const link = await issueLink(db, { userId: user.id, purpose: "confirm", now, appUrl: context.appUrl });
  try {
    await context.mailer.send("confirmation", { to: user.email, link });
  } catch (error) {
    console.error("[auth] confirmation email could not be sent", error);
    if (context.emailConfirmationRequired) {
      // An account nobody can confirm is useless and would block the email; undo it.
      await deleteUser(db, user.id);
      return { ok: false, reason: "mail_failed" };
    }
  }
  captureServerEvent("sign_up", user.id, {
    user_id: user.id,
    email_domain: emailDomain(user.email),
    method: "password",
    signup_date: user.createdAt.toISOString(),
  });
  return { ok: true, userId: user.id, confirmationRequired: context.emailConfirmationRequired };
}
