/**
 * Which version of a page proxy.ts serves (issue 16). The signed-out pages that are the same for
 * everyone are prerendered once per locale under an internal path, and proxy.ts rewrites the
 * visible address to it without changing it; a session cookie turns / and /auth into a
 * redirect to the dashboard. Pure, so the decision is tested without a server.
 */
import { afterSignInPath, isSignedOutOnlyPath, signInPath } from "@/lib/auth/routes";
import type { Locale } from "@/lib/i18n/config";

/** The internal root of the prerendered pages; never linked, only reached through the rewrite. */
export const prerenderedRoot = "/prerendered";

export const authModes = ["signin", "signup"] as const;
export type AuthMode = (typeof authModes)[number];

/**
 * /auth is prerendered in every form it can open with: sign-in or sign-up, with or without the
 * Google button (a server setting, read when the server starts, not when the app is built).
 */
export const authVariants = authModes.flatMap((mode) => [mode, `${mode}-google`]);

export function authVariant(mode: AuthMode, googleSignIn: boolean): string {
  return googleSignIn ? `${mode}-google` : mode;
}

export function parseAuthVariant(variant: string): { mode: AuthMode; googleSignIn: boolean } | undefined {
  if (!authVariants.includes(variant)) return undefined;
  const [mode = "signin", google] = variant.split("-");
  return { mode: mode === "signup" ? "signup" : "signin", googleSignIn: google === "google" };
}

export interface PageRequest {
  pathname: string;
  searchParams: URLSearchParams;
  /** A session cookie that Auth.js could decode (signature and expiry checked, no database). */
  signedIn: boolean;
  locale: Locale;
  googleSignIn: boolean;
}

export type PageRoute =
  | { kind: "redirect"; location: string }
  | { kind: "prerendered"; pathname: string }
  /** The internal path opened directly: answered as an unknown page. */
  | { kind: "not-found" }
  | { kind: "dynamic" };

function prerenderedPath(request: PageRequest): string | undefined {
  const root = `${prerenderedRoot}/${request.locale}`;
  switch (request.pathname) {
    case "/":
      return root;
    case "/headshot-pro":
      return `${root}/headshot-pro`;
    case signInPath: {
      const mode: AuthMode = request.searchParams.get("mode") === "signup" ? "signup" : "signin";
      return `${root}/auth/${authVariant(mode, request.googleSignIn)}`;
    }
    default:
      return undefined;
  }
}

/**
 * Signed in: / and /auth lead to the dashboard, everything else renders per request.
 * Signed out: /, /headshot-pro and /auth come from the prerendered pages of the visitor's
 * language. The internal path itself is not a page anyone may open directly.
 */
export function routePage(request: PageRequest): PageRoute {
  const { pathname } = request;
  if (pathname === prerenderedRoot || pathname.startsWith(`${prerenderedRoot}/`)) {
    return { kind: "not-found" };
  }
  if (request.signedIn) {
    return isSignedOutOnlyPath(pathname) ? { kind: "redirect", location: afterSignInPath } : { kind: "dynamic" };
  }
  const prerendered = prerenderedPath(request);
  return prerendered ? { kind: "prerendered", pathname: prerendered } : { kind: "dynamic" };
}
