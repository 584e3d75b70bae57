"use server";

import { emailOnlySchema } from "@/lib/validations/auth";
import { mailLink } from "./mail-link";
import { publicAction } from "./safe-action";

/** 'Forgot password?': mails a one-hour reset link. */
export const requestPasswordResetAction = publicAction(emailOnlySchema, ({ email }) => mailLink(email, "reset"));
