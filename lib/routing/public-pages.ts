/**
 * Which version of a page a request gets (issue 16). The signed-out pages that are the same for
 * everyone are prerendered once per locale under an internal path, served at the visible
 * address without changing it; a session cookie turns / and /auth into a redirect to the
 * dashboard. A signed-out page view skips proxy.ts: next.config.ts's rewrites and headers below
 * pick its page and policy. Pure, so the decisions are tested without a server; relative
 * imports, as next.config.ts loads it outside the bundler.
 */
import { afterSignInPath, isSignedOutOnlyPath, signInPath } from "../auth/routes";
import { defaultLocale, localeCookieName, locales, type Locale } from "../i18n/config";

/** The internal root of the prerendered pages; never linked, only reached through the rewrite. */
export const prerenderedRoot = "/prerendered";

/**
 * The forms /auth opens with. Each is rendered on its first request, not when the app is built:
 * the Google button is a server setting, read when the server starts (see next.config.ts).
 */
export const authModes = ["signin", "signup"] as const;
export type AuthMode = (typeof authModes)[number];

export function isAuthMode(value: string): value is AuthMode {
  return (authModes as readonly string[]).includes(value);
}

/**
 * proxy.ts names the prerendered page in these request headers and next.config.ts's rewrites
 * (below) serve it. Next.js 16 forwards a proxy's own rewrite like an outside address when the
 * server listens on 127.0.0.1 (its request URLs say localhost), so the rewrite is the config's.
 * proxy.ts sets or removes both on every page request, so a visitor cannot choose them.
 */
export const prerenderedLocaleHeader = "x-prerendered-locale";
export const prerenderedAuthFormHeader = "x-prerendered-auth-form";

/** next.config.ts's has/missing conditions and rewrites, as Next.js types them. */
type Condition = { type: "header" | "cookie" | "query"; key: string; value?: string };
type Rewrite = { source: string; has?: Condition[]; missing?: Condition[]; destination: string };

/**
 * Auth.js's session cookie (lib/auth/auth.config.ts): __Secure- on https, split into .0, .1, …
 * when large, .0 always among them.
 */
export const sessionCookieNames = [
  "authjs.session-token",
  "__Secure-authjs.session-token",
  "authjs.session-token.0",
  "__Secure-authjs.session-token.0",
];

/**
 * A signed-out page view: no session cookie to decode and no server action. Actions carry a
 * Next-Action header (with JavaScript) or a form body (without), so every request with a
 * Content-Type still passes proxy.ts's cross-site and size checks. Such a request of a
 * prerendered page skips proxy.ts (its `config.matcher` spells these conditions out, a test
 * holds the two equal): Next.js's proxy machinery alone halves a page's requests/s (issue 16).
 */
export const signedOutPageView: { missing: Condition[] } = {
  missing: [
    ...sessionCookieNames.map((key) => ({ type: "cookie" as const, key })),
    { type: "header", key: "next-action" },
    { type: "header", key: "content-type" },
  ],
};

/** A regular expression source matching `text` in any letter case. */
function anyCase(text: string): string {
  return [...text].map((char) => `[${char.toLowerCase()}${char.toUpperCase()}]`).join("");
}

/** A q-value whose Number() is above 0. */
const positiveWeight = String.raw`0*(?:[1-9]\d*(?:\.\d*)?|\.\d*[1-9]\d*)`;

/**
 * One Accept-Language entry of a language (a pattern) with a weight above 0, read as
 * lib/i18n/config.ts localeFromAcceptLanguage reads it: the tag up to its first "-", then
 * parameters, of which the first q= counts.
 */
function acceptedEntry(language: string): string {
  const tag = String.raw`\s*(?:${language})(?:-[^,;]*|\s*(?=,|$)|(?=;))`;
  const params = String.raw`(?:;\s*(?!q=)[^;,]*)*(?:;\s*q=\s*${positiveWeight}\s*(?:;[^,]*)?)?`;
  return `${tag}${params}(?=,|$)`;
}

/**
 * An Accept-Language header whose first accepted supported language is `locale`: the one
 * negotiateLocale picks whenever the weights do not rise along the header, as browsers write it.
 */
export function acceptLanguagePattern(locale: Locale): string {
  const anySupported = acceptedEntry(locales.map(anyCase).join("|"));
  return `(?:(?!${anySupported})[^,]*,)*${acceptedEntry(anyCase(locale))}(?:,.*)?`;
}

type PrerenderedPage = "/" | "/headshot-pro" | AuthMode;

function prerenderedPathOf(locale: string, page: PrerenderedPage): string {
  if (page === "/") return `${prerenderedRoot}/${locale}`;
  if (page === "/headshot-pro") return `${prerenderedRoot}/${locale}/headshot-pro`;
  return `${prerenderedRoot}/${locale}/auth/${page}`;
}

/**
 * A signed-out page view's page, by proxy.ts's rules (negotiateLocale, routePage): the language
 * menu's cookie, else the browser's first accepted supported language, else English; /auth's
 * form from ?mode. The first rule that matches serves the page: one for each language and page.
 */
function signedOutPageRewrites(): Rewrite[] {
  const signup: Condition = { type: "query", key: "mode", value: "signup" };
  const localeCookie = (locale: Locale): Condition => ({ type: "cookie", key: localeCookieName, value: locale });
  const acceptLanguage = (locale: Locale): Condition => ({ type: "header", key: "accept-language", value: acceptLanguagePattern(locale) });
  const pages: { source: string; page: PrerenderedPage; has: Condition[] }[] = [
    { source: "/", page: "/", has: [] },
    { source: "/headshot-pro", page: "/headshot-pro", has: [] },
    { source: signInPath, page: "signup", has: [signup] },
    { source: signInPath, page: "signin", has: [] },
  ];
  return pages.flatMap(({ source, page, has }): Rewrite[] => [
    ...[localeCookie, acceptLanguage].flatMap((condition) =>
      locales.map((locale) => ({
        source,
        has: [...has, condition(locale)],
        ...signedOutPageView,
        destination: prerenderedPathOf(locale, page),
      })),
    ),
    { source, has, ...signedOutPageView, destination: prerenderedPathOf(defaultLocale, page) },
  ]);
}

/** The page proxy.ts named in its request headers, with the page's address. */
function namedPageRewrites(): Rewrite[] {
  const named = (locale: Locale, form?: AuthMode): Condition[] => [
    { type: "header", key: prerenderedLocaleHeader, value: locale },
    ...(form ? [{ type: "header" as const, key: prerenderedAuthFormHeader, value: form }] : []),
  ];
  return locales.flatMap((locale) => [
    { source: "/", has: named(locale), destination: prerenderedPathOf(locale, "/") },
    { source: "/headshot-pro", has: named(locale), destination: prerenderedPathOf(locale, "/headshot-pro") },
    ...authModes.map((mode) => ({ source: signInPath, has: named(locale, mode), destination: prerenderedPathOf(locale, mode) })),
  ]);
}

/**
 * next.config.ts `rewrites().beforeFiles`, in this order: signed-out page views, then the
 * requests proxy.ts named a prerendered page for in its headers (those with a session cookie
 * that Auth.js could not decode). Every rule names its page outright: a value captured from a
 * condition would serve whatever page a visitor's header names.
 */
export const prerenderedPageRewrites: Rewrite[] = [...signedOutPageRewrites(), ...namedPageRewrites()];

/**
 * next.config.ts `headers()` for a signed-out page view, which proxy.ts does not see: the
 * prerendered pages' policy (listed after the one for every response, so it replaces that).
 * No Vary: Next.js sets its own on pages, over any other (README, "Shared caches").
 */
export function prerenderedPageHeaders(policy: string) {
  return ["/", "/headshot-pro", signInPath].map((source) => ({
    source,
    ...signedOutPageView,
    headers: [{ key: "Content-Security-Policy", value: policy }],
  }));
}

export interface PageRequest {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  /** A session cookie that Auth.js could decode (signature and expiry checked, no database). */
  signedIn: boolean;
  locale: Locale;
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
      return {
        kind: "prerendered",
        pathname: `${root}/auth/${mode}`,
        headers: { [prerenderedLocaleHeader]: locale, [prerenderedAuthFormHeader]: mode },
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
