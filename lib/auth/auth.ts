import "server-only";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { env } from "@/lib/env";
import { signInSchema, tokenSchema } from "@/lib/validations/auth";
import { authConfig } from "./auth.config";
import { googleSignInEnabled } from "./google-sign-in";
import { onSignIn } from "./first-sign-in";
import { signInWithPassword } from "./password-sign-in";
import { reportSignIn } from "./sign-in-analytics";
import { withVisitorOrigin } from "./request-origin";
import { authSecret } from "./secret";
import { endServerSession, startServerSession } from "./server-sessions";
import { sessionIdOf } from "./session-claims";
import { clientAddress } from "@/lib/security/client-address";
import { authContext } from "./server-context";
import { redeemSignInLink } from "./sign-in-link";
import { SignInFailure } from "./sign-in-failure";

/** Google sign-in is offered only when it is configured. */

const credentialsProvider = Credentials({
  credentials: { email: {}, password: {} },
  async authorize(credentials, request) {
    const parsed = signInSchema.safeParse({ email: credentials.email, password: credentials.password });
    if (!parsed.success) throw new SignInFailure("invalid_credentials");
    const result = await signInWithPassword(authContext(), { ...parsed.data, ip: clientAddress(request.headers) });
    if (result.ok) return result.user;
    throw new SignInFailure(result.reason, result.reason === "rate_limited" ? result.retryAfterMinutes : 0);
  },
});

/** Signing in with the link of a sign-in email (sign-in-link.ts), the way past a paused password sign-in. */
const signInLinkProvider = Credentials({
  id: "sign-in-link",
  credentials: { token: {} },
  async authorize(credentials) {
    const parsed = tokenSchema.safeParse({ token: credentials.token });
    if (!parsed.success) throw new SignInFailure("invalid");
    const result = await redeemSignInLink(authContext(), parsed.data.token);
    if (result.ok) return result.user;
    throw new SignInFailure(result.reason);
  },
});

function googleProviders() {
  if (!googleSignInEnabled()) return [];
  return [
    Google({
      clientId: env.AUTH_GOOGLE_ID,
      clientSecret: env.AUTH_GOOGLE_SECRET,
      // Set only to point at another OpenID provider, e.g. the local stand-in of the e2e tests.
      ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
    }),
  ];
}

/** The full configuration: the database-free part plus the adapter, providers and events. */
function fullConfig(): NextAuthConfig {
  const db = getDb();
  return {
    ...authConfig,
    secret: authSecret(),
    adapter: DrizzleAdapter(db, {
      usersTable: users,
      accountsTable: accounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
    providers: [credentialsProvider, signInLinkProvider, ...googleProviders()],
    callbacks: {
      ...authConfig.callbacks,
      async jwt(params) {
        const token = authConfig.callbacks.jwt(params);
        // Every sign-in (password or Google) opens a server-side session that the cookie names.
        if (params.user?.id && (params.trigger === "signIn" || params.trigger === "signUp")) {
          token.sid = await startServerSession(db, { userId: params.user.id, now: new Date() });
        }
        return token;
      },
    },
    events: {
      async signIn({ user, account }) {
        if (!user.id) return;
        const { newProfile } = await onSignIn(db, user.id);
        reportSignIn({ userId: user.id, email: user.email, provider: account?.provider, newProfile });
      },
      async signOut(message) {
        // Copies of the cookie (another tab, a stolen one) stop working too.
        const sessionId = "token" in message && message.token ? sessionIdOf(message.token) : undefined;
        if (sessionId) await endServerSession(db, sessionId);
      },
    },
  };
}

// Configured lazily, on the first request: `next build` must never open the database.
const nextAuth = NextAuth(() => fullConfig());
export const { signIn, signOut } = nextAuth;

const originSettings = { trustHost: env.AUTH_TRUST_HOST === "true", fixedUrl: env.AUTH_URL };

/** The /api/auth endpoints, answering on the origin the visitor used (request-origin.ts). */
export const handlers = {
  GET: (request: NextRequest) => nextAuth.handlers.GET(withVisitorOrigin(request, originSettings)),
  POST: (request: NextRequest) => nextAuth.handlers.POST(withVisitorOrigin(request, originSettings)),
};
