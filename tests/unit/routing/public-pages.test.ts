import { describe, expect, it } from "vitest";
import {
  authVariants,
  parseAuthVariant,
  prerenderedPageRewrites,
  routePage,
  type PageRequest,
  type PageRoute,
} from "@/lib/routing/public-pages";

/** Where next.config.ts's rewrites take a request carrying a prerendered route's headers. */
function rewrittenPath(pathname: string, route: PageRoute): string | undefined {
  if (route.kind !== "prerendered") return undefined;
  const rule = prerenderedPageRewrites.find((candidate) => candidate.source === pathname);
  const captures: Record<string, string> = {};
  for (const condition of rule?.has ?? []) {
    const match = new RegExp(`^${condition.value}$`).exec(route.headers[condition.key] ?? "");
    if (!match) return undefined;
    Object.assign(captures, match.groups);
  }
  return rule?.destination.replace(/:(\w+)/g, (_, name: string) => captures[name] ?? `:${name}`);
}

function request(path: string, overrides: Partial<PageRequest> = {}): PageRequest {
  const url = new URL(path, "http://studio.test");
  return { method: "GET", pathname: url.pathname, searchParams: url.searchParams, signedIn: false, locale: "en", googleSignIn: false, ...overrides };
}

describe("which page proxy.ts serves", () => {
  it("serves visitors the prerendered home, Headshot Pro and sign-in pages of their language", () => {
    expect(routePage(request("/"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en" });
    expect(routePage(request("/", { locale: "ar" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/ar" });
    expect(routePage(request("/headshot-pro", { locale: "de" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/de/headshot-pro" });
    expect(routePage(request("/auth", { locale: "fr" }))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/fr/auth/signin" });
  });

  it("names the page in request headers that the config's rewrites turn into the same path", () => {
    for (const path of ["/", "/headshot-pro", "/auth", "/auth?mode=signup"]) {
      for (const locale of ["en", "ar"] as const) {
        for (const googleSignIn of [false, true]) {
          const route = routePage(request(path, { locale, googleSignIn }));
          const pathname = new URL(path, "http://studio.test").pathname;
          expect(route.kind === "prerendered" && rewrittenPath(pathname, route), path).toBe(route.kind === "prerendered" && route.pathname);
        }
      }
    }
  });

  it("picks the form /auth opens with from ?mode, and the Google button from the server's settings", () => {
    expect(routePage(request("/auth?mode=signup"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth/signup" });
    expect(routePage(request("/auth?mode=other&callbackUrl=%2Fdashboard"))).toMatchObject({ kind: "prerendered", pathname: "/prerendered/en/auth/signin" });
    expect(routePage(request("/auth?mode=signup", { googleSignIn: true, locale: "es" }))).toMatchObject({
      kind: "prerendered",
      pathname: "/prerendered/es/auth/signup-google",
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
  it("are sign-in and sign-up, each with and without Google, and nothing else", () => {
    expect(authVariants).toEqual(["signin", "signin-google", "signup", "signup-google"]);
    expect(parseAuthVariant("signup-google")).toEqual({ mode: "signup", googleSignIn: true });
    expect(parseAuthVariant("signin")).toEqual({ mode: "signin", googleSignIn: false });
    expect(parseAuthVariant("signin-facebook")).toBeUndefined();
    expect(parseAuthVariant("google")).toBeUndefined();
  });
});
