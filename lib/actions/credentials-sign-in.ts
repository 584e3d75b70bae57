import "server-only";
import { signIn } from "@/lib/auth/auth";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { safeCallbackPath } from "@/lib/auth/routes";
import { emailConfirmationRequired } from "@/lib/auth/server-context";
import { SignInFailure } from "@/lib/auth/sign-in-failure";
import { ActionError } from "./safe-action";

/**
 * Email and password sign-in for the sign-in and sign-up actions: on success Auth.js sets the
 * cookie and redirects (thrown, like every Next.js redirect); a refusal becomes its message.
 */
export async function signInWithPassword({ email, password, callbackUrl }: { email: string; password: string; callbackUrl?: string }) {
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallbackPath(callbackUrl) });
  } catch (error) {
    if (error instanceof SignInFailure && error.reason === "rate_limited") {
      // With mail, a paused sign-in can go ahead with a link by email (sign-in-link.ts).
      const key = emailConfirmationRequired() ? "auth.errors.signInLocked" : authFailureMessage(error.reason);
      throw new ActionError(key, { minutes: error.retryAfterMinutes });
    }
    if (error instanceof SignInFailure) throw new ActionError(authFailureMessage(error.reason));
    // Includes the redirect that signals success.
    throw error;
  }
}
