"use server";

import { emailOnlySchema } from "@/lib/validations/auth";
import { mailLink } from "./mail-link";
import { publicAction } from "./safe-action";

/** 'Email me a sign-in link' on a paused sign-in: mails a 15-minute link. */
export const requestSignInLinkAction = publicAction(emailOnlySchema, ({ email }) => mailLink(email, "signin"));
