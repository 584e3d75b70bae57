import { describe, expect, it } from "vitest";
import { asSignedOutPageView, authModeOfSegments, authModes, routePage, type PageRequest } from "@/lib/routing/public-pages";

function request(path: string, overrides: Partial<PageRequest> = {}): PageRequest {
  const url = new URL(path, "http://studio.test");
  return { method: "GET", pathname: url.pathname, searchParams: url.searchParams, signedIn: false, sessionCookie: false, locale: "en", ...overrides };
}

describe("which page proxy.ts serves", () => {
  it("serves visitors the prerendered home, Headshot Pro and sign-in pages of their language", () => {
    expect(routePage(request("/"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en" });
    expect(routePage(request("/", { locale: "ar" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/ar" });
    expect(routePage(request("/headshot-pro", { locale: "de" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/de/headshot-pro" });
    expect(routePage(request("/auth", { locale: "fr" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/fr/auth" });
  });

  it("picks the form /auth opens with from ?mode", () => {
    expect(routePage(request("/auth?mode=signup"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth/signup" });
    expect(routePage(request("/auth?mode=other&callbackUrl=%2Fdashboard"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth" });
    expect(routePage(request("/auth?mode=signup", { locale: "es" }))).toEqual({ kind: "prerendered", pathname: "/prerendered/es/auth/signup" });
  });

  it("sends signed-in users from / and /auth to the dashboard and renders their Headshot Pro page per request", () => {
    expect(routePage(request("/", { signedIn: true }))).toEqual({ kind: "redirect", location: "/dashboard" });
    expect(routePage(request("/auth?mode=signup", { signedIn: true }))).toEqual({ kind: "redirect", location: "/dashboard" });
    expect(routePage(request("/headshot-pro", { signedIn: true }))).toEqual({ kind: "dynamic" });
  });

  it("renders the page per request for a session cookie that did not decode", () => {
    for (const path of ["/", "/headshot-pro", "/auth?mode=signup"]) {
      expect(routePage(request(path, { sessionCookie: true })), path).toEqual({ kind: "dynamic" });
    }
  });

  it("renders every other page per request, signed in or not", () => {
    for (const signedIn of [false, true]) {
      for (const path of ["/dashboard", "/auth/forgot-password", "/headshot-pro/step1", "/no-such-page", "/prerenderedx"]) {
        expect(routePage(request(path, { signedIn })), path).toEqual({ kind: "dynamic" });
      }
    }
  });

  it("leaves server actions posted to any page to the per-request page", () => {
    for (const path of ["/", "/auth", "/headshot-pro"]) {
      expect(routePage(request(path, { method: "POST" })), path).toEqual({ kind: "dynamic" });
      expect(routePage(request(path, { method: "POST", signedIn: true })), path).toEqual({ kind: "dynamic" });
    }
    expect(routePage(request("/", { method: "HEAD" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en" });
  });

  it("does not let anyone open the prerendered pages at their internal address", () => {
    for (const path of ["/prerendered", "/prerendered/en", "/prerendered/de/auth/signin"]) {
      expect(routePage(request(path)), path).toEqual({ kind: "not-found" });
      expect(routePage(request(path, { signedIn: true })), path).toEqual({ kind: "not-found" });
    }
  });
});

describe("the prerendered forms of /auth", () => {
  it("are sign-in and sign-up, and nothing else", () => {
    expect(authModes).toEqual(["signin", "signup"]);
  });

  it("live at /auth (sign-in) and /auth/signup under a language's root, and nowhere else there", () => {
    expect(authModeOfSegments(undefined)).toBe("signin");
    expect(authModeOfSegments(["signup"])).toBe("signup");
    for (const segments of [["signin"], ["signup", "x"], ["signin-google"], [""]]) expect(authModeOfSegments(segments), segments.join("/")).toBeUndefined();
  });
});

describe("a page view made a signed-out one (proxy.ts, for one with an action or form header)", () => {
  it("keeps the visitor's headers and cookies, without Next-Action and Content-Type", () => {
    const headers = new Headers({ cookie: "NEXT_LOCALE=de", "accept-language": "fr", "next-action": "7f00aa", "content-type": "text/plain" });
    const forwarded = asSignedOutPageView(headers);
    expect([...forwarded]).toEqual([
      ["accept-language", "fr"],
      ["cookie", "NEXT_LOCALE=de"],
    ]);
    expect(headers.get("next-action")).toBe("7f00aa");
  });
});
