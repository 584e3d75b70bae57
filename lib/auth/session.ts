import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db";
import { requestPathHeader } from "./auth.config";
import { signInUrlFor } from "./routes";
import { findSessionUser } from "./server-sessions";
import { readSessionCookie } from "./session-cookie";

/**
 * The server's answer to "who is signed in?" for pages, server actions and route handlers.
 * proxy.ts only looks at the cookie; this also checks, in one lookup, that the session was not
 * ended on the server (sign-out, new password, 'Sign out everywhere') and that the account still
 * exists, so a copied cookie or one that outlived its user counts as signed out.
 */

export interface SessionUser {
  id: string;
  email: string;
}

/** Where a stale session cookie is cleared before the visitor is sent to sign in. */
export const sessionEndedPath = "/auth/session-ended";

async function readSession(): Promise<{ user: SessionUser | null; hasCookieSession: boolean }> {
  const cookie = await readSessionCookie();
  if (!cookie) return { user: null, hasCookieSession: false };
  // Cookies from before sessions were recorded name none, and count as signed out.
  const { userId, sessionId } = cookie;
  const user = sessionId ? await findSessionUser(getDb(), { userId, sessionId, now: new Date() }) : undefined;
  return { user: user ?? null, hasCookieSession: true };
}

// One lookup per request, however many components ask.
const currentSession = cache(readSession);

/** The signed-in user, or null for visitors, forged, expired or ended sessions and deleted accounts. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return (await currentSession()).user;
}

/**
 * The signed-in user for a page; anyone else is sent to sign in and brought back afterwards.
 * `returnTo` defaults to the path the proxy recorded for this request.
 */
export async function requireUser(returnTo?: string): Promise<SessionUser> {
  const { user, hasCookieSession } = await currentSession();
  if (user) return user;
  const path = returnTo ?? (await headers()).get(requestPathHeader) ?? undefined;
  const signInUrl = signInUrlFor(path);
  // The proxy would bounce a cookie that still looks valid away from /auth; clear it first.
  if (hasCookieSession) {
    const query = signInUrl.includes("?") ? signInUrl.slice(signInUrl.indexOf("?")) : "";
    redirect(`${sessionEndedPath}${query}`);
  }
  redirect(signInUrl);
}
