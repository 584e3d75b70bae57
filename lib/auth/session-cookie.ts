import "server-only";
import { getToken, type JWT } from "next-auth/jwt";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { authSecret } from "./secret";
import { sessionIdOf } from "./session-claims";
import { sessionMaxAgeSeconds } from "./session-lifetime";
import { decodeSessionToken } from "./session-token";

/**
 * What the session cookie says, for the server reader (session.ts). Auth.js's `auth()` answers
 * this by running its whole session endpoint: it builds the configuration and its database
 * adapter, makes a CSRF token, decrypts the cookie, encrypts it again with a later expiry and
 * answers in JSON that is parsed back, on every page, and a page cannot even send the renewed
 * cookie (proxy.ts renews it). Here the cookie is only decrypted: the same checks as Auth.js's
 * `decode` (the secret, the cookie's name as salt, the expiry; session-token.ts), a fraction of the work.
 */
export interface SessionCookie {
  userId: string;
  /** The server-side session the cookie names (server-sessions.ts); absent in old cookies. */
  sessionId: string | undefined;
}

/**
 * Whether the cookie has its __Secure- name, decided as `auth()` decides it: by AUTH_URL's
 * protocol when set, else by X-Forwarded-Proto (which Next.js fills in), else https.
 */
export function usesSecureCookie(authUrl: string | undefined, forwardedProto: string | null): boolean {
  const protocol = authUrl ? new URL(authUrl).protocol : (forwardedProto?.split(",")[0]?.trim() ?? "https");
  return protocol.replace(/:$/, "") === "https";
}

/** The session cookie of a Cookie header, decrypted and checked, or null. */
export async function decodeSessionCookie(cookieHeader: string | null, secure: boolean): Promise<JWT | null> {
  return getToken({
    // The cookie only: `getToken` would also take a bearer token, which no page accepts.
    req: { headers: { cookie: cookieHeader ?? "" } },
    secret: authSecret(),
    secureCookie: secure,
    decode: decodeSessionToken,
  });
}

/**
 * Auth.js renews the cookie (a later expiry, encrypted anew) whenever it reads it; proxy.ts lets
 * it do so at most once a day, as the server-side session's expiry is moved on (server-sessions.ts):
 * an unused session still ends about 30 days after its last use.
 */
const renewAfterSeconds = 24 * 60 * 60;

export function isDueForRenewal(token: JWT, nowMs: number): boolean {
  if (typeof token.exp !== "number") return true;
  return token.exp - nowMs / 1000 < sessionMaxAgeSeconds - renewAfterSeconds;
}

export async function readSessionCookie(): Promise<SessionCookie | null> {
  const requestHeaders = await headers();
  const secure = usesSecureCookie(env.AUTH_URL, requestHeaders.get("x-forwarded-proto"));
  const token = await decodeSessionCookie(requestHeaders.get("cookie"), secure);
  if (!token?.sub) return null;
  return { userId: token.sub, sessionId: sessionIdOf(token) };
}
