import type { JWT } from "next-auth/jwt";

/**
 * The server-side session (server-sessions.ts) a decoded session token names; absent in cookies
 * from before sessions were recorded. One reading for the session reader (session-cookie.ts),
 * Auth.js's session and the sign-out that ends it.
 */
export function sessionIdOf(token: JWT): string | undefined {
  return typeof token.sid === "string" ? token.sid : undefined;
}
