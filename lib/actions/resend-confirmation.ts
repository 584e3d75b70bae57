"use server";

import { headers } from "next/headers";
import { resendConfirmation } from "@/lib/auth/email-confirmation";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { emailOnlySchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";
import { clientAddress } from "@/lib/security/client-address";

export const resendConfirmationAction = publicAction(emailOnlySchema, async ({ email }) => {
  const result = await resendConfirmation(await mailingAuthContext(), { email, ip: clientAddress(await headers()) });
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason), { minutes: result.retryAfterMinutes });
  return { email };
});
