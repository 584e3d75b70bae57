import "server-only";
import { getToken } from "next-auth/jwt";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { authSecret } from "./secret";

/**
 * What the session cookie says, for the server reader (session.ts). Auth.js's `auth()` answers
 * this by running its whole session endpoint: it builds the configuration and its database
 * adapter, makes a CSRF token, decrypts the cookie, encrypts it again with a later expiry and
 * answers in JSON that is parsed back, on every page, and a page cannot even send the renewed
 * cookie (proxy.ts renews it). Here the cookie is only decrypted: the same checks (Auth.js's own
 * `decode`: the secret, the cookie's name as salt, the expiry), a fraction of the work.
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

export async function readSessionCookie(): Promise<SessionCookie | null> {
  const requestHeaders = await headers();
  const token = await getToken({
    // The cookie only: `getToken` would also take a bearer token, which pages never accept.
    req: { headers: { cookie: requestHeaders.get("cookie") ?? "" } },
    secret: authSecret(),
    secureCookie: usesSecureCookie(env.AUTH_URL, requestHeaders.get("x-forwarded-proto")),
  });
  if (!token?.sub) return null;
  return { userId: token.sub, sessionId: typeof token.sid === "string" ? token.sid : undefined };
}
