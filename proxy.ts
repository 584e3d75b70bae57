import NextAuth, { type NextAuthRequest } from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { ApiError, errorResponse } from "@/lib/api/errors";
import { oversizedActionResponse } from "@/lib/api/request-size";
import { authConfig, requestPathHeader } from "@/lib/auth/auth.config";
import { isProtectedPath } from "@/lib/auth/routes";
import { authSecret } from "@/lib/auth/secret";
import { decodeSessionCookie, isDueForRenewal, usesSecureCookie } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";
import { localeCookieName, negotiateLocale } from "@/lib/i18n/config";
import { asSignedOutPageView, routePage, sessionCookieNames } from "@/lib/routing/public-pages";
import {
  createNonce,
  nonceHeader,
  pageContentSecurityPolicy,
  staticPageContentSecurityPolicy,
} from "@/lib/security/content-security-policy";
import { appPolicySettings } from "@/lib/security/app-policy-settings";
import { isCrossSiteRequest } from "@/lib/security/cross-site";

/**
 * Every request but static files passes here first:
 * 1. State-changing requests from other sites (server actions, route handlers) answer 403;
 *    server actions larger than Next.js reads answer 413 'File Too Large'.
 * 2. Pages rendered per request get a Content-Security-Policy with a fresh script nonce; the
 *    prerendered ones (below) one without, and no nonce is made for them.
 * 3. Optimistic route protection (spec §6, decision 16): the session cookie only, no database.
 *    The `authorized` callback in auth.config.ts sends visitors of signed-in pages to /auth;
 *    lib/routing/public-pages.ts sends signed-in users away from / and /auth; a session cookie
 *    that did not decode gets the page rendered per request. Every page, action and route
 *    handler checks again.
 * Signed-out views of /, /headshot-pro and /auth (no session cookie, no action) do not come
 * here at all: next.config.ts serves them (`signedOutPageView` in lib/routing/public-pages.ts).
 */
const { auth } = NextAuth(() => ({ ...authConfig, secret: authSecret() }));
const staticPolicy = staticPageContentSecurityPolicy(appPolicySettings);

function routeRequest(request: NextRequest, signedIn: boolean): Response {
  const { nextUrl, headers } = request;
  const route = routePage({
    method: request.method,
    pathname: nextUrl.pathname,
    searchParams: nextUrl.searchParams,
    signedIn,
    sessionCookie: hasSessionCookie(request),
    locale: negotiateLocale(request.cookies.get(localeCookieName)?.value, headers.get("accept-language")),
  });
  switch (route.kind) {
    case "redirect":
      return withPolicy(NextResponse.redirect(new URL(route.location, nextUrl)));
    case "prerendered": {
      // The visitor's own request made a signed-out page view, without a nonce (the page is the
      // same bytes for everyone): next.config.ts's rewrites serve it the page of its language.
      const forwarded = asSignedOutPageView(headers);
      for (const name of [nonceHeader, "Content-Security-Policy"]) forwarded.delete(name);
      const response = NextResponse.next({ request: { headers: forwarded } });
      response.headers.set("Content-Security-Policy", staticPolicy);
      // One address, several pages (language, signed in or not): shared caches must not mix them.
      response.headers.set("Vary", "Cookie, Accept-Language");
      return response;
    }
    case "not-found":
      return withPolicy(
        new NextResponse("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
      );
    case "dynamic": {
      const forwarded = new Headers(headers);
      forwarded.set(requestPathHeader, `${nextUrl.pathname}${nextUrl.search}`);
      // Next.js reads the nonce from the request's policy header for its own scripts; the root
      // layout reads x-nonce.
      const { nonce, policy } = noncePolicy();
      forwarded.set(nonceHeader, nonce);
      forwarded.set("Content-Security-Policy", policy);
      const response = NextResponse.next({ request: { headers: forwarded } });
      response.headers.set("Content-Security-Policy", policy);
      return response;
    }
  }
}

// The event parameter picks Auth.js's proxy overload of `auth` over its route-handler one.
const routeSession: (request: NextAuthRequest, event: NextFetchEvent) => Response = (request) =>
  routeRequest(request, Boolean(request.auth?.user));

export async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  const { pathname } = request.nextUrl;
  if (isCrossSiteRequest({ method: request.method, pathname, headers: request.headers })) {
    return errorResponse(new ApiError(403, "forbidden", "Cross-site requests are not allowed"));
  }
  const oversized = oversizedActionResponse(request);
  if (oversized) return oversized;
  // Route handlers get their headers from next.config.ts and check the session themselves.
  if (pathname.startsWith("/api/")) return NextResponse.next();

  // Server actions (POSTs to a page's path) are routed and let through whoever sends them, and
  // answer for themselves (userAction): decoding their session cookie here too would only double
  // the request's Auth.js cost (a quarter of a generation request's CPU).
  if (request.method !== "GET" && request.method !== "HEAD") return routeRequest(request, false);
  // Without a session cookie there is nothing for Auth.js to decode: a visitor of a page anyone
  // may see (the prerendered ones above all) is routed at once.
  const mayBeSignedIn = hasSessionCookie(request);
  if (!mayBeSignedIn && !isProtectedPath(pathname)) return routeRequest(request, false);
  // A valid cookie renewed within the day needs only decoding, not Auth.js's session pipeline
  // (a CSRF token, the cookie encrypted anew, JSON) on every page. Its name as Auth.js picks it.
  if (mayBeSignedIn) {
    const secure = usesSecureCookie(env.AUTH_URL, request.headers.get("x-forwarded-proto"));
    const token = await decodeSessionCookie(request.headers.get("cookie"), secure);
    if (token?.sub && !isDueForRenewal(token, Date.now())) return withPolicy(routeRequest(request, true));
  }
  /*
   * Auth.js's proxy form, for visitors without a valid cookie and cookies due for renewal:
   * `authorized` answers visitors of signed-in pages; everything it lets through reaches
   * routeRequest with the decoded session cookie in `request.auth`, and the renewed cookie is
   * sent. The event parameter picks this overload of `auth`. With a lazily built configuration
   * next-auth 5 beta hands the proxy back wrapped in a promise, whatever its types say, so it is
   * awaited.
   */
  const route = await auth(routeSession);
  return withPolicy((await route(request, event)) ?? NextResponse.next());
}

/** Any of Auth.js's session cookies, decodable or not (lib/routing/public-pages.ts names them). */
function hasSessionCookie(request: NextRequest): boolean {
  return sessionCookieNames.some((name) => request.cookies.has(name));
}

/** A fresh script nonce and the per-request policy that allows it. */
function noncePolicy(): { nonce: string; policy: string } {
  const nonce = createNonce();
  return { nonce, policy: pageContentSecurityPolicy({ nonce, ...appPolicySettings }) };
}

/**
 * Answers that render no page (a redirect, Auth.js's answer to a visitor of a signed-in page)
 * get the per-request policy all the same, with a nonce nothing uses.
 */
function withPolicy(response: Response): Response {
  if (!response.headers.has("Content-Security-Policy")) response.headers.set("Content-Security-Policy", noncePolicy().policy);
  return response;
}

/*
 * Everything but Next.js's static files, files such as /examples/cat.jpg and signed-out views of
 * the prerendered pages; route handlers separately, so an extension in an API path cannot skip
 * the cross-site check. Next.js reads this at build time, literally: the prerendered pages'
 * conditions are lib/routing/public-pages.ts `signedOutPageView` spelled out (a test holds them
 * equal), one entry for each thing that sends such a request here: a session cookie, an action, a form.
 */
export const config = {
  matcher: [
    "/api/:path*",
    "/((?!api/|_next/static|_next/image|.*\\.[\\w]+$|(?:headshot-pro|auth)?$).*)",
    {
      source: "/:page(headshot-pro|auth)?",
      has: [
        {
          type: "header",
          key: "cookie",
          value:
            "(?:.*;)?\\s*(?:authjs\\.session-token|__Secure-authjs\\.session-token|authjs\\.session-token\\.0|__Secure-authjs\\.session-token\\.0)\\s*(?:[=;].*)?",
        },
      ],
    },
    { source: "/:page(headshot-pro|auth)?", has: [{ type: "header", key: "next-action" }] },
    { source: "/:page(headshot-pro|auth)?", has: [{ type: "header", key: "content-type" }] },
  ],
};
