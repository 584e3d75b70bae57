import "server-only";
import type { DbOrTx } from "@/db/client";
import {
  deleteAttemptsBefore,
  deleteAttemptsById,
  deleteAttemptsByKey,
  deleteAttemptsByKeyPrefix,
  insertAttempts,
  listAttemptsSince,
} from "@/db/queries/auth-attempts";

/**
 * Limits sign-in failures, sign-ups and account mails (reset, confirmation, sign-in link).
 * Attempts are rows in auth_attempts, so every app server sees the same counts.
 *
 * Following OWASP's advice against lockout denial of service, an email is not locked for
 * everyone by a few wrong passwords: failures count per email *and address*, so whoever guesses
 * from one address only slows down themselves, with waits that double after each failure (1
 * minute after the fifth, up to 15). Per email from all addresses together there is only a
 * ceiling far above that, against a guessing attack spread over many addresses; an owner caught
 * by it can still sign in with a link by email (sign-in-link.ts). Per address, failures across
 * all emails are limited too (AUTH_MAX_ATTEMPTS_PER_IP).
 *
 * An attempt is recorded before it is judged (insert, then count): parallel guesses all see each
 * other, so a burst of requests cannot slip past a limit together.
 */

export type RateLimitedAction = "signin" | "signup" | "mail";

export interface RateLimitPolicy {
  /** Per address, all emails together, in `windowMs`. */
  perIp: number;
  /** Tries of one email from one address in `windowMs` (sign-in: failures before the waits start). */
  perPair: number;
  /** Per email, all addresses together, in `windowMs`: a ceiling far above `perPair`. */
  perEmail: Record<RateLimitedAction, number>;
  windowMs: number;
  /** Sign-in failures of one email from one address beyond `perPair`: each next try waits. */
  backoff: { firstDelayMs: number; maxDelayMs: number; windowMs: number };
}

const minute = 60 * 1000;

export const defaultRateLimitPolicy: RateLimitPolicy = {
  perIp: 30,
  perPair: 5,
  // Every account mail carries a link that lets the owner in, so a flood of them locks nobody out.
  perEmail: { signin: 50, signup: 10, mail: 10 },
  windowMs: 15 * minute,
  backoff: { firstDelayMs: minute, maxDelayMs: 15 * minute, windowMs: 60 * minute },
};

export interface RateLimitSubject {
  action: RateLimitedAction;
  email: string;
  ip: string | undefined;
}

export type Reservation =
  | { allowed: true; attemptIds: number[]; pairKey: string }
  | { allowed: false; retryAfterMinutes: number };

function emailAttemptKey(action: RateLimitedAction, email: string): string {
  return `${action}:email:${email.toLowerCase()}`;
}

/** Emails never contain spaces, so the space ends the email part of a pair key. */
function pairKeyPrefix(action: RateLimitedAction, email: string): string {
  return `${action}:pair:${email.toLowerCase()} `;
}

function pairAttemptKey(subject: RateLimitSubject): string {
  return `${pairKeyPrefix(subject.action, subject.email)}${subject.ip ?? "unknown"}`;
}

interface Limit {
  key: string;
  max: number;
  windowMs: number;
  backoff?: RateLimitPolicy["backoff"];
}

function limitsFor(subject: RateLimitSubject, policy: RateLimitPolicy): Limit[] {
  const pair: Limit = subject.action === "signin"
    ? { key: pairAttemptKey(subject), max: policy.perPair, windowMs: policy.backoff.windowMs, backoff: policy.backoff }
    : { key: pairAttemptKey(subject), max: policy.perPair, windowMs: policy.windowMs };
  const limits = [pair, { key: emailAttemptKey(subject.action, subject.email), max: policy.perEmail[subject.action], windowMs: policy.windowMs }];
  if (subject.ip) limits.push({ key: `${subject.action}:ip:${subject.ip}`, max: policy.perIp, windowMs: policy.windowMs });
  return limits;
}

/** When the attempt at `now` may be made under one limit, given the key's other attempts (oldest first). */
function allowedFrom(limit: Limit, others: Date[], now: Date): number {
  if (others.length < limit.max) return now.getTime();
  if (limit.backoff) {
    const { firstDelayMs, maxDelayMs } = limit.backoff;
    const delay = Math.min(firstDelayMs * 2 ** (others.length - limit.max), maxDelayMs);
    return (others.at(-1) ?? now).getTime() + delay;
  }
  // One more is allowed once all but max-1 of the others have left the window.
  return (others[others.length - limit.max] ?? now).getTime() + limit.windowMs;
}

/** Records one attempt, or refuses it (recording nothing) when a limit is reached. */
export async function reserveAttempt(
  db: DbOrTx,
  subject: RateLimitSubject,
  policy: RateLimitPolicy,
  now: Date,
): Promise<Reservation> {
  const limits = limitsFor(subject, policy);
  await deleteAttemptsBefore(db, new Date(now.getTime() - Math.max(...limits.map((limit) => limit.windowMs))));
  const attemptIds = await insertAttempts(
    db,
    limits.map(({ key }) => key),
    now,
  );
  let retryAt = now.getTime();
  for (const limit of limits) {
    const attempts = await listAttemptsSince(db, limit.key, new Date(now.getTime() - limit.windowMs));
    const others = attempts.filter((attempt) => !attemptIds.includes(attempt.id)).map((attempt) => attempt.createdAt);
    retryAt = Math.max(retryAt, allowedFrom(limit, others, now));
  }
  if (retryAt <= now.getTime()) return { allowed: true, attemptIds, pairKey: pairAttemptKey(subject) };
  // A refused attempt must not extend the wait.
  await deleteAttemptsById(db, attemptIds);
  return { allowed: false, retryAfterMinutes: Math.max(1, Math.ceil((retryAt - now.getTime()) / minute)) };
}

/**
 * After a successful sign-in: this try and the earlier failures from the same address no longer
 * count. Failures from elsewhere still do, or signing in would reset a guesser's count.
 */
export async function forgiveAttempts(db: DbOrTx, reservation: Extract<Reservation, { allowed: true }>): Promise<void> {
  await deleteAttemptsById(db, reservation.attemptIds);
  await deleteAttemptsByKey(db, [reservation.pairKey]);
}

/** After a new password: the guesses at the old one, from everywhere, no longer count. */
export async function forgetSignInFailures(db: DbOrTx, email: string): Promise<void> {
  await deleteAttemptsByKey(db, [emailAttemptKey("signin", email)]);
  await deleteAttemptsByKeyPrefix(db, pairKeyPrefix("signin", email));
}
