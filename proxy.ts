import NextAuth from "next-auth";
import { NextRequest, NextResponse, type NextFetchEvent, type NextMiddleware } from "next/server";
import { analyticsEnabled, posthogPublicConfig } from "@/lib/analytics/public-config";
import { ApiError, errorResponse } from "@/lib/api/errors";
import { oversizedActionResponse } from "@/lib/api/request-size";
import { authConfig } from "@/lib/auth/auth.config";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { createNonce, nonceHeader, pageContentSecurityPolicy } from "@/lib/security/content-security-policy";
import { isCrossSiteRequest } from "@/lib/security/cross-site";

/**
 * Every request but static files passes here first:
 * 1. State-changing requests from other sites (server actions, route handlers) answer 403;
 *    server actions larger than Next.js reads answer 413 'File Too Large'.
 * 2. Pages get a Content-Security-Policy with a fresh script nonce. Next.js reads the nonce from
 *    the request's policy header for its own scripts; the root layout reads x-nonce.
 * 3. Optimistic route protection (spec §6, decision 16): the session cookie only, no database.
 *    The `authorized` callback in auth.config.ts sends visitors of signed-in pages to /auth and
 *    signed-in users away from / and /auth. Every page, action and route handler checks again.
 */
const { auth } = NextAuth(() => ({ ...authConfig, secret: authSecret() }));
/*
 * Auth.js's proxy form: `authorized` answers page views; what it lets through unanswered (server
 * actions) reaches the page with this request's headers, nonce included. The NextMiddleware type
 * picks this overload of `auth`. With a lazily built configuration next-auth 5 beta hands the
 * proxy back wrapped in a promise, whatever its types say, so it is awaited before use.
 */
const passThrough: NextMiddleware = (request) => NextResponse.next({ request: { headers: request.headers } });
const routeProtection = auth(passThrough);

const policySettings = {
  development: env.NODE_ENV === "development",
  analyticsHost: analyticsEnabled ? posthogPublicConfig.host : undefined,
};

export async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  const { pathname } = request.nextUrl;
  if (isCrossSiteRequest({ method: request.method, pathname, headers: request.headers })) {
    return errorResponse(new ApiError(403, "forbidden", "Cross-site requests are not allowed"));
  }
  const oversized = oversizedActionResponse(request);
  if (oversized) return oversized;
  // Route handlers get their headers from next.config.ts and check the session themselves.
  if (pathname.startsWith("/api/")) return NextResponse.next();

  const nonce = createNonce();
  const policy = pageContentSecurityPolicy({ nonce, ...policySettings });
  const headers = new Headers(request.headers);
  headers.set(nonceHeader, nonce);
  headers.set("Content-Security-Policy", policy);
  const protect = await routeProtection;
  const response = (await protect(new NextRequest(request, { headers }), event)) ?? NextResponse.next();
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Everything but Next.js's static files and files such as /examples/cat.jpg; route handlers
  // separately, so an extension in an API path cannot skip the cross-site check.
  matcher: ["/api/:path*", "/((?!api/|_next/static|_next/image|.*\\.[\\w]+$).*)"],
};
