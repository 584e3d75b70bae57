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

/** next.config.ts's has/missing conditions and rewrites, as Next.js types them. */
type Condition = { type: "header" | "cookie" | "query"; key: string; value?: string };
type Rewrite = { source: string; has?: Condition[]; missing?: Condition[]; destination: string };

/**
 * Auth.js's session cookie (lib/auth/auth.config.ts): __Secure- on https, split into .0, .1, …
 * when large, .0 always among them. A request with none of these has no session to decode:
 * proxy.ts routes it at once, and next.config.ts serves its prerendered page without proxy.ts.
 */
export const sessionCookieNames = [
  "authjs.session-token",
  "__Secure-authjs.session-token",
  "authjs.session-token.0",
  "__Secure-authjs.session-token.0",
];

/** The headers only a server action (Next-Action, with JavaScript) or a posted form (Content-Type) sends. */
const actionHeaders = ["next-action", "content-type"] as const;

/**
 * A Cookie header naming any of `sessionCookieNames`, as a has/missing value (matched whole): one
 * condition instead of a cookie condition per name, for which Next.js parses the Cookie header
 * anew on every page request, in its router and again in proxy.ts's matcher (issue 16). Read
 * as proxy.ts's request.cookies reads it: pairs split at ";", a name without "=" or with an
 * empty value is there all the same.
 */
export const sessionCookiePattern = String.raw`(?:.*;)?\s*(?:${sessionCookieNames.map((name) => name.replaceAll(".", "\\.")).join("|")})\s*(?:[=;].*)?`;

/**
 * A signed-out page view: no session cookie to decode and no server action. Actions carry a
 * Next-Action header (with JavaScript) or a form body (without), so every request with a
 * Content-Type still passes proxy.ts's cross-site and size checks. Such a request of a
 * prerendered page skips proxy.ts (its `config.matcher` spells these conditions out, a test
 * holds the two equal): Next.js's proxy machinery alone halves a page's requests/s (issue 16).
 */
export const signedOutPageView: { missing: Condition[] } = {
  missing: [{ type: "header", key: "cookie", value: sessionCookiePattern }, ...actionHeaders.map((key) => ({ type: "header" as const, key }))],
};

/**
 * The request headers of a page view proxy.ts saw without a session cookie (it carried a
 * Next-Action or Content-Type header) as a signed-out page view's: next.config.ts's rewrites
 * then serve it the prerendered page of its language as they serve every visitor's (Next.js 16
 * forwards a proxy's own rewrite like an outside address when the server listens on 127.0.0.1,
 * so the rewrite is the config's).
 */
export function asSignedOutPageView(headers: Headers): Headers {
  const forwarded = new Headers(headers);
  for (const key of actionHeaders) forwarded.delete(key);
  return forwarded;
}

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

/** The addresses whose signed-out views are prerendered per language; /auth has a page per form. */
const prerenderedAddresses = ["/", "/headshot-pro", signInPath] as const;
type PrerenderedAddress = (typeof prerenderedAddresses)[number];

function isPrerenderedAddress(pathname: string): pathname is PrerenderedAddress {
  return (prerenderedAddresses as readonly string[]).includes(pathname);
}

/** The addresses but / as one path-to-regexp group: "(headshot-pro|auth)". */
const prerenderedAddressesGroup = `(${prerenderedAddresses
  .filter((address) => address !== "/")
  .map((address) => address.slice(1))
  .join("|")})`;

/**
 * A path-to-regexp source matching these addresses and only them, "/:page(headshot-pro|auth)?",
 * which proxy.ts's `config.matcher` spells out literally (a test holds the two equal).
 */
export const prerenderedAddressesSource = `/:page${prerenderedAddressesGroup}?`;

/** A prerendered page: the one of an address, /auth's being the form it opens with. */
type PrerenderedPage = Exclude<PrerenderedAddress, typeof signInPath> | AuthMode;

/**
 * A page's path under a language's root: "", "/headshot-pro", "/auth" (the sign-in form) and
 * "/auth/signup", so that / , /headshot-pro and sign-in are each their own address there.
 */
function pagePath(page: PrerenderedPage): string {
  if (page === "signin") return signInPath;
  if (page === "signup") return `${signInPath}/signup`;
  return page === "/" ? "" : page;
}

/** The form of /auth named by the path segments after a language's /auth (pagePath's inverse). */
export function authModeOfSegments(segments: readonly string[] | undefined): AuthMode | undefined {
  return authModes.find((mode) => pagePath(mode) === [signInPath, ...(segments ?? [])].join("/"));
}

function prerenderedPathOf(locale: string, page: PrerenderedPage): string {
  return `${prerenderedRoot}/${locale}${pagePath(page)}`;
}

/**
 * The rewrites' sources with the path of their page under a language's root: sign-up first
 * (/auth?mode=signup), then every other address, whose page is its own address there (the
 * source's `page`; /auth with any other mode signs in).
 */
const rewriteTargets: { source: string; form?: AuthMode; path: string }[] = [
  { source: signInPath, form: "signup", path: pagePath("signup") },
  { source: prerenderedAddressesSource, path: "/:page*" },
];

/**
 * A signed-out page view's page, by proxy.ts's rules (negotiateLocale, routePage): the language
 * menu's cookie, else the browser's first accepted supported language, else English; /auth's
 * form from ?mode; the first rule that matches serves the page. English comes first, for
 * requests that name no language either way (missing both conditions), sparing them the other
 * rules' conditions. The cookie's rule captures the language (only one of `locales`, the whole
 * value); a browser's language needs a rule each, its header being read case-insensitively.
 * Next.js compiles every rule's source on every page request, so fewer rules serve faster.
 */
function signedOutPageRewrites(): Rewrite[] {
  const localeCookie: Condition = { type: "cookie", key: localeCookieName, value: `(?<locale>${locales.join("|")})` };
  const acceptLanguage = (locale: Locale): Condition => ({ type: "header", key: "accept-language", value: acceptLanguagePattern(locale) });
  const namesNoLanguage: Condition[] = [
    { type: "cookie", key: localeCookieName, value: `(?:${locales.join("|")})` },
    { type: "header", key: "accept-language", value: `(?:${locales.map(acceptLanguagePattern).join("|")})` },
    ...signedOutPageView.missing,
  ];
  return rewriteTargets.flatMap(({ source, form, path }): Rewrite[] => {
    const has: Condition[] = form === "signup" ? [{ type: "query", key: "mode", value: "signup" }] : [];
    const destination = (locale: string) => `${prerenderedRoot}/${locale}${path}`;
    return [
      { source, has, missing: namesNoLanguage, destination: destination(defaultLocale) },
      { source, has: [...has, localeCookie], ...signedOutPageView, destination: destination(":locale") },
      ...locales.map((locale) => ({ source, has: [...has, acceptLanguage(locale)], ...signedOutPageView, destination: destination(locale) })),
    ];
  });
}

/**
 * next.config.ts `rewrites().beforeFiles`: signed-out page views, including those proxy.ts made
 * one (`asSignedOutPageView`). No rule serves a language its pattern does not list: a value
 * captured freely would serve whatever page a visitor's header names.
 */
export const prerenderedPageRewrites: Rewrite[] = signedOutPageRewrites();

/**
 * next.config.ts `headers()` for a signed-out page view, which proxy.ts does not see: the
 * prerendered pages' policy (listed after the one for every response, so it replaces that).
 * No Vary: Next.js sets its own on pages, over any other (README, "Shared caches"). The source
 * names no parameter: Next.js substitutes a named one into every header value of the rule on
 * every request, compiling the policy as a path (issue 16).
 */
export function prerenderedPageHeaders(policy: string) {
  return [{ source: `/${prerenderedAddressesGroup}?`, ...signedOutPageView, headers: [{ key: "Content-Security-Policy", value: policy }] }];
}

export interface PageRequest {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  /** A session cookie that Auth.js could decode (signature and expiry checked, no database). */
  signedIn: boolean;
  /** Any session cookie, decoded or not. */
  sessionCookie: boolean;
  locale: Locale;
}

export type PageRoute =
  | { kind: "redirect"; location: string }
  /** The page next.config.ts's rewrites serve once proxy.ts made the request a signed-out page view. */
  | { kind: "prerendered"; pathname: string }
  /** The internal path opened directly: answered as an unknown page. */
  | { kind: "not-found" }
  | { kind: "dynamic" };

function prerenderedPage({ pathname, searchParams, locale }: PageRequest): PageRoute | undefined {
  if (!isPrerenderedAddress(pathname)) return undefined;
  const page: PrerenderedPage = pathname !== signInPath ? pathname : searchParams.get("mode") === "signup" ? "signup" : "signin";
  return { kind: "prerendered", pathname: prerenderedPathOf(locale, page) };
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
  // A session cookie that did not decode (Auth.js clears it in this answer): next.config.ts's
  // rewrites still see it when Auth.js has answered, whatever Cookie header proxy.ts forwards, so
  // this one view is rendered per request.
  if (request.sessionCookie) return { kind: "dynamic" };
  return prerenderedPage(request) ?? { kind: "dynamic" };
}
