"use server";

import { signIn } from "@/lib/auth/auth";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { safeCallbackPath } from "@/lib/auth/routes";
import { SignInFailure } from "@/lib/auth/sign-in-failure";
import { signInSchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

/** Email and password sign-in; on success Auth.js sets the cookie and this redirects. */
export const signInAction = publicAction(signInSchema, async ({ email, password, callbackUrl }) => {
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallbackPath(callbackUrl) });
  } catch (error) {
    if (error instanceof SignInFailure) {
      throw new ActionError(
        authFailureMessage(error.reason),
        error.reason === "rate_limited" ? { minutes: error.retryAfterMinutes } : undefined,
      );
    }
    // Includes the redirect that signals success.
    throw error;
  }
  return { signedIn: true };
});
