import type { ActionErrorKey } from "@/lib/actions/safe-action";
import type { RedeemFailure } from "./one-time-links";

/** The message each refusal of lib/auth shows the user (keys under auth.errors). */

type AuthFailureReason =
  | "invalid_credentials"
  | "email_unconfirmed"
  | "email_taken"
  | "mail_failed"
  | "rate_limited"
  | RedeemFailure;

const messageKeys: Record<AuthFailureReason, ActionErrorKey> = {
  invalid_credentials: "auth.errors.invalidCredentials",
  email_unconfirmed: "auth.errors.emailUnconfirmed",
  email_taken: "auth.errors.emailTaken",
  mail_failed: "auth.errors.mailFailed",
  rate_limited: "auth.errors.rateLimited",
  invalid: "auth.errors.linkInvalid",
  expired: "auth.errors.linkExpired",
  used: "auth.errors.linkUsed",
};

export function authFailureMessage(reason: AuthFailureReason): ActionErrorKey {
  return messageKeys[reason];
}
