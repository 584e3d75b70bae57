"use server";

import { headers } from "next/headers";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { emailOnlySchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";
import { clientAddress } from "@/lib/security/client-address";

/** Answers the same whether or not the email has an account. */
export const requestPasswordResetAction = publicAction(emailOnlySchema, async ({ email }) => {
  const result = await requestPasswordReset(await mailingAuthContext(), { email, ip: clientAddress(await headers()) });
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason), { minutes: result.retryAfterMinutes });
  return { email };
});
