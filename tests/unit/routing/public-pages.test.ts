import { describe, expect, it } from "vitest";
import { authModes, isAuthMode, routePage, type PageRequest } from "@/lib/routing/public-pages";

function request(path: string, overrides: Partial<PageRequest> = {}): PageRequest {
  const url = new URL(path, "http://studio.test");
  return { method: "GET", pathname: url.pathname, searchParams: url.searchParams, signedIn: false, locale: "en", ...overrides };
}

describe("which page proxy.ts serves", () => {
  it("serves visitors the prerendered home, Headshot Pro and sign-in pages of their language", () => {
    expect(routePage(request("/"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en" });
    expect(routePage(request("/", { locale: "ar" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/ar" });
    expect(routePage(request("/headshot-pro", { locale: "de" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/de/headshot-pro" });
    expect(routePage(request("/auth", { locale: "fr" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/fr/auth/signin" });
  });

  it("picks the form /auth opens with from ?mode", () => {
    expect(routePage(request("/auth?mode=signup"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth/signup" });
    expect(routePage(request("/auth?mode=other&callbackUrl=%2Fdashboard"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth/signin" });
    expect(routePage(request("/auth?mode=signup", { locale: "es" }))).toMatchObject({
      kind: "prerendered",
      pathname: "/prerendered/es/auth/signup",
      headers: { "x-prerendered-locale": "es", "x-prerendered-auth-form": "signup" },
    });
  });

  it("sends signed-in users from / and /auth to the dashboard and renders their Headshot Pro page per request", () => {
    expect(routePage(request("/", { signedIn: true }))).toEqual({ kind: "redirect", location: "/dashboard" });
    expect(routePage(request("/auth?mode=signup", { signedIn: true }))).toEqual({ kind: "redirect", location: "/dashboard" });
    expect(routePage(request("/headshot-pro", { signedIn: true }))).toEqual({ kind: "dynamic" });
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
    expect(isAuthMode("signup")).toBe(true);
    expect(isAuthMode("signin-google")).toBe(false);
    expect(isAuthMode("")).toBe(false);
  });
});
