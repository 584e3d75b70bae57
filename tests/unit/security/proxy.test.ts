// next/server declares NextFetchEvent but exports no value; the class lives here.
import { NextFetchEvent } from "next/dist/server/web/spec-extension/fetch-event";
import { NextRequest, type NextMiddleware } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { sessionMaxAgeSeconds } from "@/lib/auth/session-lifetime";

// Auth.js does not load outside Next.js's bundler; its stand-in lets every request through to
// proxy.ts's own callback, as `authorized` does for server actions, and takes any session cookie
// for a valid one (the decoding is Auth.js's; the routing on its answer is proxy.ts's).
const decodedSessions = vi.hoisted(() => ({ count: 0 }));
vi.mock("next-auth", () => ({
  default: () => ({
    auth: (callback: NextMiddleware) => (request: NextRequest & { auth?: unknown }, event: NextFetchEvent) => {
      decodedSessions.count += 1;
      request.auth = request.cookies.has("authjs.session-token") ? { user: { id: "u1" } } : null;
      return callback(request, event);
    },
  }),
}));
vi.mock("@/lib/auth/auth.config", () => ({ authConfig: {}, requestPathHeader: "x-request-path" }));
const { config, proxy } = await import("@/proxy");
const { prerenderedAddressesSource, sessionCookieNames, signedOutPageView } = await import("@/lib/routing/public-pages");

function matches(url: string, request: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}): boolean {
  return unstable_doesMiddlewareMatch({ config, url, ...request });
}

async function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const request = new NextRequest(`http://studio.test${path}`, { method: init.method, headers: { host: "studio.test", ...init.headers } });
  return proxy(request, new NextFetchEvent({ request, page: path, context: undefined }));
}

describe("proxy.ts runs", () => {
  it.each(["/dashboard", "/auth/forgot-password", "/authx", "/headshot-pro/step1", "/prerendered/en", "/gallery/0b6c6f1e-1d2c-4a52-9e3f-5a0cbb0f1a11", "/headshot-pro/results?id=x", "/no-such-page"])(
    "on the page %s (nonce, sign-in redirect, cross-site check of its actions)",
    (url) => expect(matches(url)).toBe(true),
  );

  it.each(["/api/images/1", "/api/files/uploads/photo.jpg", "/api/stripe/webhook", "/api/auth/session"])(
    "on the route handler %s, whatever its path looks like",
    (url) => expect(matches(url)).toBe(true),
  );

  it.each(["/", "/headshot-pro", "/auth?mode=signup"])("on the prerendered page %s with a session cookie, an action or a form post", (url) => {
    for (const name of sessionCookieNames) expect(matches(url, { cookies: { [name]: "x" } }), name).toBe(true);
    expect(matches(url, { cookies: { theme: "dark", "authjs.session-token": "x" } })).toBe(true);
    expect(matches(url, { headers: { "next-action": "7f00aa" } })).toBe(true);
    expect(matches(url, { headers: { "content-type": "application/x-www-form-urlencoded" } })).toBe(true);
  });

  it.each(["/", "/headshot-pro", "/auth?mode=signup"])("not on a signed-out view of the prerendered page %s (next.config.ts serves it)", (url) => {
    expect(matches(url, { cookies: { NEXT_LOCALE: "de", "authjs.callback-url": "x" }, headers: { "accept-language": "de" } })).toBe(false);
    expect(matches(url, { cookies: { "xauthjs.session-token": "1", "authjs.session-token.1": "x" } })).toBe(false);
  });

  it("skips exactly the requests lib/routing/public-pages.ts counts as signed-out page views", () => {
    const conditional = config.matcher.flatMap((entry) => (typeof entry === "string" ? [] : [entry]));
    expect(conditional.flatMap((entry) => entry.has)).toEqual(signedOutPageView.missing);
    for (const entry of conditional) expect(entry.source).toBe(prerenderedAddressesSource);
  });

  it.each(["/_next/static/chunks/app.js", "/_next/image?url=x", "/examples/chelsea-the-cat.jpg"])(
    "not on the static file %s",
    (url) => expect(matches(url)).toBe(false),
  );
});

describe("proxy.ts", () => {
  it("gives each page, and each action posted to it, a fresh nonce in its policy and in the request the page renders", async () => {
    const action = await send("/dashboard", { method: "POST", headers: { origin: "http://studio.test" } });
    expect(action.headers.get("content-security-policy")).toContain(`'nonce-${action.headers.get("x-middleware-request-x-nonce")}'`);
    const first = await send("/dashboard");
    const second = await send("/dashboard");
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = first.headers.get("x-middleware-request-x-nonce");
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`'nonce-${nonce}'`);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(second.headers.get("x-middleware-request-x-nonce")).not.toBe(nonce);
  });

  it("answers 403 to a state-changing request from another site, page or route handler", async () => {
    for (const path of ["/privacy", "/api/generations/1"]) {
      const response = await send(path, { method: "POST", headers: { origin: "https://evil.example" } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    }
  });

  it("passes the site's own actions and leaves route handlers' headers to next.config.ts", async () => {
    expect((await send("/privacy", { method: "POST", headers: { origin: "http://studio.test" } })).status).toBe(200);
    const api = await send("/api/generations/1", { method: "POST", headers: { origin: "http://studio.test" } });
    expect(api.headers.get("x-middleware-next")).toBe("1");
    expect(api.headers.get("content-security-policy")).toBeNull();
  });

  it("has visitors of /, /headshot-pro and /auth served the prerendered page, as signed-out page views, with a policy without nonce", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/", {}, ""],
      ["/", { cookie: "NEXT_LOCALE=de" }, "NEXT_LOCALE=de"],
      ["/headshot-pro", { "accept-language": "ar-EG,ar;q=0.9" }, ""],
      // proxy.ts sees a page view with a Content-Type header, and forwards it without.
      ["/auth?mode=signup&callbackUrl=%2Fgallery", { cookie: "NEXT_LOCALE=fr", "content-type": "text/plain" }, "NEXT_LOCALE=fr"],
    ];
    for (const [path, headers, cookie] of cases) {
      const response = await send(path, { headers });
      expect(response.headers.get("x-middleware-rewrite"), path).toBeNull();
      // next.config.ts's rewrites pick the page from the request as forwarded.
      expect(response.headers.get("x-middleware-request-cookie") ?? "", path).toBe(cookie);
      expect(response.headers.get("x-middleware-request-content-type"), path).toBeNull();
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy, path).toContain("script-src 'self' 'unsafe-inline'");
      expect(policy, path).not.toContain("nonce-");
      // The prerendered page is not rendered with this request's nonce.
      expect(response.headers.get("x-middleware-request-x-nonce"), path).toBeNull();
      expect(response.headers.get("vary"), path).toContain("Cookie");
    }
  });

  it("renders the page per request, with a nonce, for a session cookie that did not decode", async () => {
    // The stand-in for Auth.js takes only authjs.session-token for a valid session.
    for (const path of ["/", "/headshot-pro", "/auth"]) {
      const response = await send(path, { headers: { cookie: "__Secure-authjs.session-token=x" } });
      expect(response.headers.get("content-security-policy"), path).toContain(`'nonce-${response.headers.get("x-middleware-request-x-nonce")}'`);
    }
  });

  it("makes no nonce for a prerendered page, nor its policy", async () => {
    const randomness = vi.spyOn(crypto, "getRandomValues");
    try {
      for (const path of ["/", "/headshot-pro", "/auth?mode=signup"]) await send(path);
      expect(randomness).not.toHaveBeenCalled();
    } finally {
      randomness.mockRestore();
    }
  });

  it("gives answers that render no page a per-request policy too", async () => {
    const redirect = await send("/", { headers: { cookie: "authjs.session-token=anything" } });
    const internal = await send("/prerendered/en");
    for (const response of [redirect, internal]) {
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    }
  });

  it("sends a session cookie from / and /auth to the dashboard, and renders its Headshot Pro page with a nonce", async () => {
    const cookie = "authjs.session-token=anything";
    for (const path of ["/", "/auth?mode=signup"]) {
      const response = await send(path, { headers: { cookie } });
      expect(response.status, path).toBe(307);
      expect(new URL(response.headers.get("location") ?? "").pathname, path).toBe("/dashboard");
    }
    const landing = await send("/headshot-pro", { headers: { cookie } });
    expect(landing.headers.get("content-security-policy")).toContain(`'nonce-${landing.headers.get("x-middleware-request-x-nonce")}'`);
  });

  it("posts actions to / and /auth to the per-request pages, as before", async () => {
    const response = await send("/auth", { method: "POST", headers: { origin: "http://studio.test" } });
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${response.headers.get("x-middleware-request-x-nonce")}'`);
  });

  it("leaves the session cookie of an action to the action, and decodes it for a page", async () => {
    const cookie = "authjs.session-token=anything";
    const before = decodedSessions.count;
    const action = await send("/ai-product/step2", { method: "POST", headers: { origin: "http://studio.test", cookie } });
    expect(action.status).toBe(200);
    expect(action.headers.get("content-security-policy")).toContain(`'nonce-${action.headers.get("x-middleware-request-x-nonce")}'`);
    expect(decodedSessions.count).toBe(before);
    await send("/ai-product/step2", { headers: { cookie } });
    expect(decodedSessions.count).toBe(before + 1);
  });

  it("routes a valid cookie renewed within the day as signed in without Auth.js, and lets Auth.js renew an older one", async () => {
    const name = "authjs.session-token";
    const cookieOf = async (maxAge: number) => `${name}=${await encode({ token: { sub: "u1", sid: "s1" }, secret: authSecret(), salt: name, maxAge })}`;
    const headers = async (maxAge: number) => ({ cookie: await cookieOf(maxAge), "x-forwarded-proto": "http" });
    const before = decodedSessions.count;

    const fresh = await send("/", { headers: await headers(sessionMaxAgeSeconds) });
    expect(fresh.status).toBe(307);
    expect(new URL(fresh.headers.get("location") ?? "").pathname).toBe("/dashboard");
    const page = await send("/dashboard", { headers: await headers(sessionMaxAgeSeconds - 60) });
    expect(page.headers.get("content-security-policy")).toContain(`'nonce-${page.headers.get("x-middleware-request-x-nonce")}'`);
    expect(decodedSessions.count).toBe(before);

    // Renewed more than a day ago: Auth.js reads it and sends it back with a later expiry.
    await send("/dashboard", { headers: await headers(sessionMaxAgeSeconds - 25 * 60 * 60) });
    expect(decodedSessions.count).toBe(before + 1);
    // Under another name than Auth.js reads on https, or expired: Auth.js decides (and clears it).
    await send("/dashboard", { headers: { cookie: await cookieOf(sessionMaxAgeSeconds) } });
    await send("/dashboard", { headers: await headers(-60) });
    expect(decodedSessions.count).toBe(before + 3);
  });

  it("answers the internal address of the prerendered pages as an unknown page", async () => {
    expect((await send("/prerendered/en/auth/signin")).status).toBe(404);
  });
});
