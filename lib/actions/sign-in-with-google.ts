"use server";

import { z } from "zod";
import { signIn } from "@/lib/auth/auth";
import { googleSignInEnabled } from "@/lib/auth/google-sign-in";
import { safeCallbackPath } from "@/lib/auth/routes";
import { ActionError, publicAction } from "./safe-action";

/**
 * Prepares Google sign-in (state and PKCE cookies) and answers with the address of Google's
 * consent screen. The browser goes there itself: a server-action redirect to another origin
 * would first be fetched as a page of this app.
 */
export const signInWithGoogleAction = publicAction(
  z.object({ callbackUrl: z.string().max(2048).optional() }),
  async ({ callbackUrl }) => {
    if (!googleSignInEnabled()) throw new ActionError("auth.errors.googleFailed");
    const url: unknown = await signIn("google", { redirect: false, redirectTo: safeCallbackPath(callbackUrl) });
    if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new ActionError("auth.errors.googleFailed");
    return { url };
  },
);
