import NextAuth from "next-auth";
import { authConfig } from "@/lib/auth/auth.config";
import { authSecret } from "@/lib/auth/secret";

/**
 * Optimistic route protection (spec §6, decision 16): reads the session cookie only, no database.
 * The `authorized` callback in auth.config.ts sends visitors of signed-in pages to /auth and
 * signed-in users away from / and /auth. Every page, action and route handler checks again.
 */
const { auth } = NextAuth(() => ({ ...authConfig, secret: authSecret() }));

export { auth as proxy };

export const config = {
  // Pages only: not API routes, Next.js internals or files such as /examples/cat.jpg.
  matcher: ["/((?!api/|_next/static|_next/image|.*\\.[\\w]+$).*)"],
};
