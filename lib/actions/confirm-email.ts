"use server";

import { authFailureMessage } from "@/lib/auth/failure-messages";
import { confirmEmail } from "@/lib/auth/email-confirmation";
import { authContext } from "@/lib/auth/server-context";
import { tokenSchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

/** Uses the link from the confirmation email (a button press, so mail scanners cannot use it up). */
export const confirmEmailAction = publicAction(tokenSchema, async ({ token }) => {
  const result = await confirmEmail(authContext(), token);
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason));
  return { confirmed: true };
});
