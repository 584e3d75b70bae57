import type { Database } from "@/db/client";
import type { AuthEmailKind, AuthMailer, MailingAuthContext } from "@/lib/auth/context";
import { defaultRateLimitPolicy } from "@/lib/auth/rate-limit";

/** Test doubles for lib/auth's account functions. */

export interface SentMail {
  kind: AuthEmailKind;
  to: string;
  link: string;
}

export function recordingMailer(): AuthMailer & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    send: async (kind, { to, link }) => {
      sent.push({ kind, to, link });
    },
  };
}

export const testAppUrl = "https://studio.example.test";

export function mailingContext(db: Database, overrides: Partial<MailingAuthContext> = {}): MailingAuthContext {
  return {
    db,
    now: new Date(),
    rateLimit: { ...defaultRateLimitPolicy, perIp: 1000 },
    mailer: recordingMailer(),
    appUrl: testAppUrl,
    emailConfirmationRequired: true,
    ...overrides,
  };
}

/** The token a mailed link carries. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}
