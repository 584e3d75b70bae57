"use server";

import { headers } from "next/headers";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { clientIp, mailingAuthContext } from "@/lib/auth/server-context";
import { emailOnlySchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

/** Answers the same whether or not the email has an account. */
export const requestPasswordResetAction = publicAction(emailOnlySchema, async ({ email }) => {
  const result = await requestPasswordReset(await mailingAuthContext(), { email, ip: clientIp(await headers()) });
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason), { minutes: result.retryAfterMinutes });
  return { email };
});
