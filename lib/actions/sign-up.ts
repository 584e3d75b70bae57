"use server";

import { headers } from "next/headers";
import { signIn } from "@/lib/auth/auth";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { safeCallbackPath } from "@/lib/auth/routes";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { signUp } from "@/lib/auth/sign-up";
import { signUpSchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";
import { clientAddress } from "@/lib/security/client-address";

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
  await signIn("credentials", {
    email: details.email,
    password: details.password,
    redirectTo: safeCallbackPath(callbackUrl),
  });
  return { confirmationRequired: false };
});
