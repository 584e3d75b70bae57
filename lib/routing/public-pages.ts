/**
 * Which version of a page proxy.ts serves (issue 16). The signed-out pages that are the same for
 * everyone are prerendered once per locale under an internal path, served at the visible
 * address without changing it; a session cookie turns / and /auth into a redirect to the
 * dashboard. Pure, so the decision is tested without a server; relative imports, as next.config.ts
 * loads it outside the bundler.
 */
import { afterSignInPath, isSignedOutOnlyPath, signInPath } from "../auth/routes";
import { locales, type Locale } from "../i18n/config";

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

/**
 * proxy.ts names the prerendered page in these request headers and next.config.ts's rewrites
 * (below) serve it. Next.js 16 forwards a proxy's own rewrite like an outside address when the
 * server listens on 127.0.0.1 (its request URLs say localhost), so the rewrite is the config's.
 * proxy.ts sets or removes both on every page request, so a visitor cannot choose them.
 */
export const prerenderedLocaleHeader = "x-prerendered-locale";
export const prerenderedAuthFormHeader = "x-prerendered-auth-form";

const localeCondition = { type: "header", key: prerenderedLocaleHeader, value: `(?<locale>${locales.join("|")})` } as const;
const authFormCondition = { type: "header", key: prerenderedAuthFormHeader, value: `(?<form>${authVariants.join("|")})` } as const;

/** next.config.ts `rewrites().beforeFiles`: they run after proxy.ts, on the headers it set. */
export const prerenderedPageRewrites = [
  { source: "/", has: [localeCondition], destination: `${prerenderedRoot}/:locale` },
  { source: "/headshot-pro", has: [localeCondition], destination: `${prerenderedRoot}/:locale/headshot-pro` },
  { source: signInPath, has: [localeCondition, authFormCondition], destination: `${prerenderedRoot}/:locale/auth/:form` },
];

export interface PageRequest {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  /** A session cookie that Auth.js could decode (signature and expiry checked, no database). */
  signedIn: boolean;
  locale: Locale;
  googleSignIn: boolean;
}

export type PageRoute =
  | { kind: "redirect"; location: string }
  /** `headers` for the request, which the config's rewrites turn into `pathname`. */
  | { kind: "prerendered"; pathname: string; headers: Record<string, string> }
  /** The internal path opened directly: answered as an unknown page. */
  | { kind: "not-found" }
  | { kind: "dynamic" };

function prerenderedPage(request: PageRequest): PageRoute | undefined {
  const { locale } = request;
  const root = `${prerenderedRoot}/${locale}`;
  switch (request.pathname) {
    case "/":
      return { kind: "prerendered", pathname: root, headers: { [prerenderedLocaleHeader]: locale } };
    case "/headshot-pro":
      return { kind: "prerendered", pathname: `${root}/headshot-pro`, headers: { [prerenderedLocaleHeader]: locale } };
    case signInPath: {
      const mode: AuthMode = request.searchParams.get("mode") === "signup" ? "signup" : "signin";
      const form = authVariant(mode, request.googleSignIn);
      return {
        kind: "prerendered",
        pathname: `${root}/auth/${form}`,
        headers: { [prerenderedLocaleHeader]: locale, [prerenderedAuthFormHeader]: form },
      };
    }
    default:
      return undefined;
  }
}

/**
 * Page views only (GET, HEAD). Signed in: / and /auth lead to the dashboard, everything else
 * renders per request. Signed out: /, /headshot-pro and /auth come from the prerendered pages
 * of the visitor's language. The internal path itself is not a page anyone may open directly.
 */
export function routePage(request: PageRequest): PageRoute {
  const { pathname } = request;
  if (pathname === prerenderedRoot || pathname.startsWith(`${prerenderedRoot}/`)) return { kind: "not-found" };
  // Server actions are POSTs to the page's address: the per-request page answers them, as ever.
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "dynamic" };
  if (request.signedIn) {
    return isSignedOutOnlyPath(pathname) ? { kind: "redirect", location: afterSignInPath } : { kind: "dynamic" };
  }
  return prerenderedPage(request) ?? { kind: "dynamic" };
}
