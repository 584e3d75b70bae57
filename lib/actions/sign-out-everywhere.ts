"use server";

import { z } from "zod";
import { getDb } from "@/db";
import { signOut } from "@/lib/auth/auth";
import { endAllServerSessions } from "@/lib/auth/server-sessions";
import { userAction } from "./safe-action";

/**
 * Privacy page, 'Sign out everywhere': ends every session of the signed-in user, on every
 * device and in every copy of a cookie, then clears this browser's cookie too.
 */
export const signOutEverywhereAction = userAction(z.object({}), async (_input, user) => {
  await endAllServerSessions(getDb(), user.id);
  await signOut({ redirect: false });
  return { signedOut: true };
});
