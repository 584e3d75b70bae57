import type { DbOrTx } from "@/db/client";
import type { RateLimitPolicy } from "./rate-limit";

/**
 * What the account functions in lib/auth need from the outside, passed in rather than imported
 * so the integration tests can run them against a test database, a fixed clock and a fake mailer.
 */

/**
 * The account emails, each with one link: confirming a new account, resetting the password,
 * signing in without the password, and telling an owner that someone tried to sign up again.
 */
export type AuthEmailKind = "confirmation" | "reset" | "signInLink" | "accountExists";

export interface AuthMailer {
  send(kind: AuthEmailKind, message: { to: string; link: string }): Promise<void>;
}

export interface AuthContext {
  db: DbOrTx;
  now: Date;
  rateLimit: RateLimitPolicy;
}

export interface MailingAuthContext extends AuthContext {
  mailer: AuthMailer;
  /** Origin for links in emails (APP_URL), never the request's Host header. */
  appUrl: string;
  /** True when SMTP is configured: new accounts must confirm their email before signing in. */
  emailConfirmationRequired: boolean;
}

export type RateLimited = { ok: false; reason: "rate_limited"; retryAfterMinutes: number };
