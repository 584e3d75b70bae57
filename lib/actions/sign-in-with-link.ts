"use server";

import { signIn } from "@/lib/auth/auth";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { afterSignInPath } from "@/lib/auth/routes";
import { SignInFailure } from "@/lib/auth/sign-in-failure";
import { tokenSchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

/** Uses the link of a sign-in email (a button press, so mail scanners cannot use it up); redirects on success. */
export const signInWithLinkAction = publicAction(tokenSchema, async ({ token }) => {
  try {
    await signIn("sign-in-link", { token, redirectTo: afterSignInPath });
  } catch (error) {
    if (error instanceof SignInFailure) throw new ActionError(authFailureMessage(error.reason));
    // Includes the redirect that signals success.
    throw error;
  }
  return { signedIn: true };
});
