"use server";

import { headers } from "next/headers";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { requestSignInLink } from "@/lib/auth/sign-in-link";
import { clientAddress } from "@/lib/security/client-address";
import { emailOnlySchema } from "@/lib/validations/auth";
import { ActionError, publicAction } from "./safe-action";

/** 'Email me a sign-in link' on a paused sign-in; answers the same whether or not the email has an account. */
export const requestSignInLinkAction = publicAction(emailOnlySchema, async ({ email }) => {
  const result = await requestSignInLink(await mailingAuthContext(), { email, ip: clientAddress(await headers()) });
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason), { minutes: result.retryAfterMinutes });
  return { email };
});
