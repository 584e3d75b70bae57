import "server-only";
import type { DbOrTx } from "@/db/client";
import {
  deleteAttemptsBefore,
  deleteAttemptsById,
  deleteAttemptsByKey,
  insertAttempts,
  listAttemptTimesSince,
} from "@/db/queries/auth-attempts";

/**
 * Limits sign-in failures, sign-ups and reset/confirmation mails per email address and per IP
 * address. Attempts are rows in auth_attempts, so every app server sees the same counts.
 *
 * An attempt is recorded before it is judged (insert, then count): parallel guesses all see each
 * other, so a burst of requests cannot slip past the limit together.
 */

export type RateLimitedAction = "signin" | "signup" | "mail";

export interface RateLimitPolicy {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const defaultRateLimitPolicy: RateLimitPolicy = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

export interface RateLimitSubject {
  action: RateLimitedAction;
  email: string;
  ip: string | undefined;
}

export type Reservation =
  | { allowed: true; attemptIds: number[]; emailKey: string }
  | { allowed: false; retryAfterMinutes: number };

/** The auth_attempts key that counts one action for one email address. */
export function emailAttemptKey(action: RateLimitedAction, email: string): string {
  return `${action}:email:${email.toLowerCase()}`;
}

function limitedKeys(subject: RateLimitSubject, policy: RateLimitPolicy) {
  const keys = [{ key: emailAttemptKey(subject.action, subject.email), max: policy.perEmail }];
  if (subject.ip) keys.push({ key: `${subject.action}:ip:${subject.ip}`, max: policy.perIp });
  return keys;
}

/** Records one attempt, or refuses it (recording nothing) when a limit is already reached. */
export async function reserveAttempt(
  db: DbOrTx,
  subject: RateLimitSubject,
  policy: RateLimitPolicy,
  now: Date,
): Promise<Reservation> {
  const since = new Date(now.getTime() - policy.windowMs);
  await deleteAttemptsBefore(db, since);
  const keys = limitedKeys(subject, policy);
  const attemptIds = await insertAttempts(
    db,
    keys.map(({ key }) => key),
    now,
  );
  let retryAt: number | undefined;
  for (const { key, max } of keys) {
    const times = await listAttemptTimesSince(db, key, since);
    if (times.length <= max) continue;
    // Without this attempt there are `others` rows; one more is allowed once all but max-1 expire.
    const others = times.length - 1;
    const freeingAttempt = times[others - max];
    const keyRetryAt = (freeingAttempt ?? now).getTime() + policy.windowMs;
    retryAt = Math.max(retryAt ?? 0, keyRetryAt);
  }
  if (retryAt === undefined) return { allowed: true, attemptIds, emailKey: emailAttemptKey(subject.action, subject.email) };
  // A refused attempt must not extend the lockout.
  await deleteAttemptsById(db, attemptIds);
  return { allowed: false, retryAfterMinutes: Math.max(1, Math.ceil((retryAt - now.getTime()) / 60_000)) };
}

/** After a successful sign-in: earlier failures for the email no longer count, nor does this try. */
export async function forgiveAttempts(db: DbOrTx, reservation: Extract<Reservation, { allowed: true }>): Promise<void> {
  await deleteAttemptsById(db, reservation.attemptIds);
  await deleteAttemptsByKey(db, [reservation.emailKey]);
}
