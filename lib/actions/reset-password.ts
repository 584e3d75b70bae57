"use server";

import { authFailureMessage } from "@/lib/auth/failure-messages";
import { resetPassword } from "@/lib/auth/password-reset";
import { authContext } from "@/lib/auth/server-context";
import { resetPasswordSchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

export const resetPasswordAction = publicAction(resetPasswordSchema, async ({ token, password }) => {
  const result = await resetPassword(authContext(), { token, password });
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason));
  return { passwordChanged: true };
});
