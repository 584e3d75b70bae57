"use server";

import { headers } from "next/headers";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { signUp } from "@/lib/auth/sign-up";
import { signUpSchema } from "@/lib/validations/auth";
import { clientAddress } from "@/lib/security/client-address";
import { signInWithPassword } from "./credentials-sign-in";
import { ActionError, publicAction } from "./safe-action";

/**
 * Creates an account. With SMTP the user must confirm the email first; without it the new
 * account is signed in at once and leaves for the dashboard (or where they were going).
 */
export const signUpAction = publicAction(signUpSchema, async ({ callbackUrl, ...details }) => {
  const result = await signUp(await mailingAuthContext(), { ...details, ip: clientAddress(await headers()) });
  if (!result.ok) {
    throw new ActionError(
      authFailureMessage(result.reason),
      result.reason === "rate_limited" ? { minutes: result.retryAfterMinutes } : undefined,
    );
  }
  if (result.confirmationRequired) return { confirmationRequired: true };
  // The account exists now; a sign-in refused here (sign-ins from this address paused) says why.
  await signInWithPassword({ email: details.email, password: details.password, callbackUrl });
  return { confirmationRequired: false };
});
