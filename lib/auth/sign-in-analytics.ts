import "server-only";
import { emailDomain, type SignInMethod } from "@/lib/analytics/events";
import { captureServerEvent } from "@/lib/analytics/server-events";

/**
 * Analytics of a completed sign-in (spec §7): a login every time, and a sign-up for the first
 * Google sign-in, which is when a Google account is created. Password sign-ups are reported
 * when the account is created (sign-up.ts), since their first sign-in may come much later.
 */
export function reportSignIn(params: { userId: string; email: string | null | undefined; provider: string | undefined; newProfile: boolean }) {
  const method: SignInMethod = params.provider === "google" ? "google" : "password";
  if (method === "google" && params.newProfile && params.email) {
    captureServerEvent("sign_up", params.userId, {
      user_id: params.userId,
      email_domain: emailDomain(params.email),
      method,
      signup_date: new Date().toISOString(),
    });
  }
  captureServerEvent("login", params.userId, { user_id: params.userId, method });
}
