import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { negotiateLocale } from "@/lib/i18n/config";
import { asSignedOutPageView, routePage, sessionCookieNames } from "@/lib/routing/public-pages";
import { staticPageContentSecurityPolicy } from "@/lib/security/content-security-policy";
import nextConfig from "@/next.config";
import { routeByNextConfig } from "../../helpers/next-config-routing";

interface Visit {
  acceptLanguage?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

/** next.config.ts's rewrites and headers for a request, run by Next.js's own router code. */
async function answer(path: string, { acceptLanguage, cookies, headers = {} }: Visit = {}) {
  const visitorHeaders = { ...headers, ...(acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage }) };
  return routeByNextConfig(nextConfig, { path, headers: visitorHeaders, cookies });
}

/** The page proxy.ts would pick for the same signed-out visitor. */
function proxysPage(path: string, { acceptLanguage, cookies }: Visit) {
  const url = new URL(path, "http://studio.test");
  const route = routePage({
    method: "GET",
    pathname: url.pathname,
    searchParams: url.searchParams,
    signedIn: false,
    sessionCookie: false,
    locale: negotiateLocale(cookies?.NEXT_LOCALE, acceptLanguage ?? null),
  });
  return route.kind === "prerendered" ? route.pathname : route.kind;
}

const paths = ["/", "/headshot-pro", "/auth", "/auth?mode=signup", "/auth?mode=other&callbackUrl=%2Fgallery"];

/** Accept-Language as browsers send it (Chrome, Firefox, Safari; language settings of several countries). */
const browserHeaders = [
  "en-US,en;q=0.9",
  "en-GB,en-US;q=0.9,en;q=0.8",
  "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7",
  "de",
  "de-CH,de;q=0.9,fr;q=0.8,it;q=0.7,en;q=0.6",
  "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7",
  "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5",
  "ar-EG,ar;q=0.9,en-US;q=0.8,en;q=0.7",
  "ar",
  "es-419,es;q=0.9",
  "es-ES,es;q=0.8,en-US;q=0.5,en;q=0.3",
  "nl-NL,nl;q=0.9,de;q=0.8,en;q=0.7",
  "nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7",
  "pt-BR,pt;q=0.9",
  "zh-CN,zh;q=0.9,en;q=0.8",
  "ja,en-US;q=0.9,en;q=0.8",
  "sv,en-US;q=0.7,en;q=0.3",
  "tr-TR,tr;q=0.9,ar;q=0.8,en-US;q=0.7,en;q=0.6",
  "*",
  "",
  "de;q=0,fr",
  "ES-es",
  "english,de",
];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Headers as a browser writes them: weights never rise along the header. */
function generatedHeaders(count: number): string[] {
  const next = random(16);
  const tags = ["en", "en-US", "de", "de-AT", "fr", "fr-CA", "ar", "ar-SA", "es", "es-419", "nl", "pt-BR", "zh-Hans-CN", "ja", "*", "DE", "Fr-fr", "eng", "e"];
  const weights = ["", ";q=1.0", ";q=0.9", ";q=0.8", ";q=0.5", ";q=0.25", ";q=0.1", ";q=0.05", ";q=0.001", ";q=0", ";q=0.0"];
  return Array.from({ length: count }, () => {
    let weight = 0;
    const entries = Array.from({ length: 1 + Math.floor(next() * 5) }, () => {
      weight = Math.min(weights.length - 1, weight + Math.floor(next() * 3));
      return `${tags[Math.floor(next() * tags.length)]}${weights[weight]}`;
    });
    return entries.join(next() < 0.3 ? ", " : ",");
  });
}

describe("a signed-out page view (no session cookie, no action), which proxy.ts does not see", () => {
  it("gets the prerendered page proxy.ts would pick, for the languages browsers ask for", async () => {
    for (const path of paths) {
      for (const acceptLanguage of [undefined, ...browserHeaders]) {
        const visit = { acceptLanguage };
        expect((await answer(path, visit)).pathname, `${path} ${acceptLanguage}`).toBe(proxysPage(path, visit));
      }
    }
  });

  it("agrees with negotiateLocale on any header whose weights do not rise", async () => {
    for (const acceptLanguage of generatedHeaders(400)) {
      const visit = { acceptLanguage };
      expect((await answer("/", visit)).pathname, acceptLanguage).toBe(proxysPage("/", visit));
    }
  });

  it("is in the language menu's choice, whatever the browser asks for, unless that cookie names no language", async () => {
    for (const path of paths) {
      for (const NEXT_LOCALE of ["de", "ar", "es", "xx", "DE", ""]) {
        const visit = { acceptLanguage: "fr-FR,fr;q=0.9", cookies: { NEXT_LOCALE } };
        expect((await answer(path, visit)).pathname, `${path} ${NEXT_LOCALE}`).toBe(proxysPage(path, visit));
      }
    }
  });

  it("gets the prerendered pages' policy, no nonce, and the other security headers", async () => {
    const policy = staticPageContentSecurityPolicy({ development: false });
    for (const path of paths) {
      const { headers } = await answer(path, { acceptLanguage: "de" });
      expect(headers.get("content-security-policy"), path).toBe(policy);
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("a request proxy.ts sees on these addresses", () => {
  const proxied: [string, Visit][] = [
    ...sessionCookieNames.map((name): [string, Visit] => [name, { cookies: { [name]: "anything" } }]),
    ["a server action", { headers: { "next-action": "7f00aa" } }],
    ["a form posted without JavaScript", { headers: { "content-type": "multipart/form-data; boundary=x" } }],
  ];

  it.each(proxied)("(%s) is left to proxy.ts: no page picked, the resource policy until proxy.ts sets the page's", async (_, visit) => {
    for (const path of paths) {
      const { pathname, headers } = await answer(path, { acceptLanguage: "de", ...visit });
      expect(pathname, path).toBeUndefined();
      expect(headers.get("content-security-policy"), path).toContain("sandbox");
    }
  });

  it.each([
    "theme=dark; authjs.session-token=x",
    "NEXT_LOCALE=de;__Secure-authjs.session-token=x",
    "authjs.session-token.1=y; authjs.session-token.0=x",
    "authjs.session-token=",
    "authjs.session-token",
    "xauthjs.session-token=1",
    "authjs.session-token.1=x",
    "authjs.session-tokens=1; theme=authjs.session-token",
    "authjs.callback-url=x; authjs.csrf-token=y",
  ])("(Cookie: %s) is left to proxy.ts exactly when proxy.ts finds a session cookie in it", async (cookie) => {
    const request = new NextRequest("http://studio.test/", { headers: { cookie } });
    const sessionCookie = sessionCookieNames.some((name) => request.cookies.has(name));
    for (const path of paths) expect((await answer(path, { headers: { cookie } })).pathname === undefined, path).toBe(sessionCookie);
  });

  it("gets the page of its language once proxy.ts made it a signed-out page view (it carried an action or form header)", async () => {
    for (const path of paths) {
      for (const NEXT_LOCALE of ["ar", "xx"]) {
        const visit = new Headers({ "accept-language": "de", "content-type": "text/plain", "next-action": "7f00aa" });
        const headers = Object.fromEntries(asSignedOutPageView(visit));
        const expected = proxysPage(path, { acceptLanguage: "de", cookies: { NEXT_LOCALE } });
        expect((await answer(path, { cookies: { NEXT_LOCALE }, headers })).pathname, `${path} ${NEXT_LOCALE}`).toBe(expected);
      }
    }
  });
});

describe("next.config.ts's headers", () => {
  it("name no path parameter: Next.js would compile every header value with it, as a path, on each request", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    expect(rules.length).toBeGreaterThan(0);
    for (const { source } of rules) expect(source).not.toMatch(/:\w/);
  });
});

describe("other addresses", () => {
  it.each(["/dashboard", "/auth/forgot-password", "/headshot-pro/step1", "/authx", "/prerendered/en"])("(%s) are not rewritten", async (path) => {
    expect((await answer(path, { acceptLanguage: "de" })).pathname).toBeUndefined();
  });
});
