"use server";

import { signInSchema } from "@/lib/validations/auth";
import { signInWithPassword } from "./credentials-sign-in";
import { publicAction } from "./safe-action";

/** Email and password sign-in; on success Auth.js sets the cookie and this redirects. */
export const signInAction = publicAction(signInSchema, async (credentials) => {
  await signInWithPassword(credentials);
  return { signedIn: true };
});
