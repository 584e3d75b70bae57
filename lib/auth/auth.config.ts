import { AuthError, CredentialsSignin, type NextAuthConfig } from "next-auth";
import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { afterSignInPath, isProtectedPath, safeCallbackPath, signInPath } from "./routes";
import { sessionIdOf } from "./session-claims";
import { sessionMaxAgeSeconds } from "./session-lifetime";

/**
 * The part of the Auth.js configuration that needs no database, shared by proxy.ts (which only
 * reads the session cookie) and lib/auth/auth.ts (which adds the adapter and the providers).
 */

/** Request header through which the proxy tells pages their own path, for sign-in callbacks. */
export const requestPathHeader = "x-request-path";


/** Refusals the visitor is told about (or simply signed out for); the log needs a line, not a stack trace. */
const expectedAuthErrors = new Set<string>(["OAuthAccountNotLinked", "AccessDenied", "JWTSessionError"]);

export const authConfig = {
  // Credentials sign-in only works with JWT sessions; it also keeps the proxy free of queries.
  session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
  trustHost: env.AUTH_TRUST_HOST === "true",
  pages: { signIn: signInPath, error: signInPath },
  providers: [],
  logger: {
    error(error) {
      // A refused password is an expected outcome, not a server problem.
      if (error instanceof CredentialsSignin) return;
      if (error instanceof AuthError && expectedAuthErrors.has(error.type)) {
        console.warn(`[auth] refused: ${error.type}`);
        return;
      }
      console.error("[auth]", error);
    },
  },
  callbacks: {
    /**
     * Runs in proxy.ts for every page request: an optimistic check on the cookie alone. Pages,
     * actions and route handlers check the session again (lib/auth/session.ts).
     */
    authorized({ request, auth }) {
      const { pathname, search } = request.nextUrl;
      // Only page requests (GET, HEAD) get here: proxy.ts leaves server actions to userAction.
      if (!auth?.user && isProtectedPath(pathname)) {
        const target = new URL(signInPath, request.nextUrl);
        target.searchParams.set("callbackUrl", `${pathname}${search}`);
        return NextResponse.redirect(target);
      }
      // Everything else is proxy.ts's to route (lib/routing/public-pages.ts), with `auth` at hand.
      return true;
    },
    /** Only same-site destinations after sign-in or sign-out; anything else goes to the dashboard. */
    redirect({ url, baseUrl }) {
      return `${baseUrl}${safeCallbackPath(url, afterSignInPath, baseUrl)}`;
    },
    jwt({ token, user }) {
      // `user` is only present on sign-in; the user id already travels as `sub`.
      if (user?.email) token.email = user.email;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.email === "string") session.user.email = token.email;
      session.sessionId = sessionIdOf(token);
      return session;
    },
  },
} satisfies NextAuthConfig;
