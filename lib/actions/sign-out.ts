"use server";

import { z } from "zod";
import { signOut } from "@/lib/auth/auth";
import { publicAction } from "./safe-action";

/**
 * Ends the session on the server (lib/auth/auth.ts, events.signOut), so a copy of the cookie
 * stops working too, and clears the cookie. Open to everyone on purpose: a session that is
 * already gone (expired, forged, signed out in another tab) simply ends up signed out too.
 */
export const signOutAction = publicAction(z.object({}), async () => {
  await signOut({ redirect: false });
  return { signedOut: true };
});
