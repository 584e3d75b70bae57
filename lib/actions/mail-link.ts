import "server-only";
import { headers } from "next/headers";
import { authFailureMessage } from "@/lib/auth/failure-messages";
import { requestMailedLink, type MailedLinkPurpose } from "@/lib/auth/mailed-link";
import { mailingAuthContext } from "@/lib/auth/server-context";
import { clientAddress } from "@/lib/security/client-address";
import { ActionError } from "./safe-action";

/** The body of the actions that mail a link: the same answer whether or not the email has an account. */
export async function mailLink(email: string, purpose: MailedLinkPurpose): Promise<{ email: string }> {
  const result = await requestMailedLink(await mailingAuthContext(), { email, ip: clientAddress(await headers()) }, purpose);
  if (!result.ok) throw new ActionError(authFailureMessage(result.reason), { minutes: result.retryAfterMinutes });
  return { email };
}
