import "server-only";
import { deleteUser, findUserByEmail, insertUserIfEmailFree } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { emailDomain } from "@/lib/analytics/events";
import { captureServerEvent } from "@/lib/analytics/server-events";
import type { AuthEmailKind, MailingAuthContext, RateLimited } from "./context";
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
  | { ok: true; confirmationRequired: boolean }
  | { ok: false; reason: "email_taken" | "mail_failed" }
  | RateLimited;

/**
 * With SMTP the answer never tells whether the email is registered (same result, same work, so
 * about the same time): a new address gets its confirmation link, a registered one's owner gets
 * a mail saying so, with a link to choose a new password. Without SMTP nobody could confirm an
 * account anyway, and the form says the email is taken.
 */
export async function signUp(context: MailingAuthContext, details: SignUpDetails): Promise<SignUpResult> {
  const { db, now } = context;
  const reservation = await reserveAttempt(
    db,
    { action: "signup", email: details.email, ip: details.ip },
    context.rateLimit,
    now,
  );
  if (!reservation.allowed) return { ok: false, reason: "rate_limited", retryAfterMinutes: reservation.retryAfterMinutes };

  // Hashed whether or not the email is free: the slow step must not happen only for new addresses.
  const passwordHash = await hashPassword(details.password);
  const existing = await findUserByEmail(db, details.email);
  const user = existing
    ? undefined
    : await insertUserIfEmailFree(db, {
        email: details.email,
        firstName: details.firstName,
        lastName: details.lastName,
        name: `${details.firstName} ${details.lastName}`,
        passwordHash,
        // Without SMTP nobody could ever confirm, so the account is active at once (decision 13).
        emailVerified: context.emailConfirmationRequired ? null : now,
      });
  // `existing`, or another request registered the same email between the check and the insert.
  if (!user) return answerRegisteredEmail(context, existing ?? (await findUserByEmail(db, details.email)));

  const link = await issueLink(db, { userId: user.id, purpose: "confirm", now, appUrl: context.appUrl });
  if (!(await mailed(context, "confirmation", { to: user.email, link }))) {
    // An account nobody can confirm is useless and would block the email; undo it.
    await deleteUser(db, user.id);
    return { ok: false, reason: "mail_failed" };
  }
  captureServerEvent("sign_up", user.id, {
    user_id: user.id,
    email_domain: emailDomain(user.email),
    method: "password",
    signup_date: user.createdAt.toISOString(),
  });
  return { ok: true, confirmationRequired: context.emailConfirmationRequired };
}

/** A sign-up for a registered email: its owner hears about it, the visitor sees what a new address sees. */
async function answerRegisteredEmail(context: MailingAuthContext, owner: User | undefined): Promise<SignUpResult> {
  if (!context.emailConfirmationRequired) return { ok: false, reason: "email_taken" };
  if (owner) {
    const link = await issueLink(context.db, { userId: owner.id, purpose: "reset", now: context.now, appUrl: context.appUrl });
    if (!(await mailed(context, "accountExists", { to: owner.email, link }))) return { ok: false, reason: "mail_failed" };
  }
  return { ok: true, confirmationRequired: true };
}

/** Sends an account mail; false when it could not be sent although it had to be. */
async function mailed(context: MailingAuthContext, kind: AuthEmailKind, message: { to: string; link: string }): Promise<boolean> {
  try {
    await context.mailer.send(kind, message);
    return true;
  } catch (error) {
    console.error("[auth] account email could not be sent", error);
    // Without SMTP the link only goes to the log, and the account is active anyway.
    return !context.emailConfirmationRequired;
  }
}
