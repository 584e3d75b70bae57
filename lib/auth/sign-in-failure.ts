import { CredentialsSignin } from "next-auth";
import type { RedeemFailure } from "./one-time-links";

/**
 * Why a password sign-in was refused. Thrown from the Credentials provider's authorize(); Auth.js
 * hands the same error to signIn() in the server action, which shows the matching message.
 */
export class SignInFailure extends CredentialsSignin {
  constructor(
    readonly reason: "invalid_credentials" | "email_unconfirmed" | "rate_limited" | RedeemFailure,
    readonly retryAfterMinutes = 0,
  ) {
    super(reason);
    this.code = reason;
  }
}
