/**
 * Which paths need a signed-in user and where sign-in leads (spec §6). Pure functions shared by
 * proxy.ts, pages and actions, so the optimistic redirect and the server checks agree.
 */

export const signInPath = "/auth";
export const afterSignInPath = "/dashboard";

/** Every path at or below these needs a session (/checkout: the built-in test checkout of decision 8). */
const protectedRoots = [
  "/dashboard",
  "/subscription",
  "/activity",
  "/gallery",
  "/privacy",
  "/checkout",
  "/ai-product",
  "/hair-changer",
  "/body-shaper",
];

/** The headshot landing page is public; every step below it is not. */
const protectedBelowOnly = ["/headshot-pro"];

/** Pages a signed-in visitor has no use for: they go to the dashboard instead. */
const signedOutOnlyPaths = new Set(["/", signInPath]);

function isAtOrBelow(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

export function isProtectedPath(pathname: string): boolean {
  return (
    protectedRoots.some((root) => isAtOrBelow(pathname, root)) ||
    protectedBelowOnly.some((root) => pathname.startsWith(`${root}/`))
  );
}

export function isSignedOutOnlyPath(pathname: string): boolean {
  return signedOutOnlyPaths.has(pathname);
}

/** A throw-away origin for resolving relative paths; only its sameness matters. */
const probeOrigin = "http://callback.invalid";

/**
 * The path part of `value` when it points into this site, otherwise `fallback`. Accepts
 * "/gallery/1?x=2" and, when `siteOrigin` is given, absolute URLs on that origin; rejects other
 * sites, protocol-relative "//evil.example" and backslash tricks, so a crafted callbackUrl can
 * never send a user elsewhere after sign-in.
 */
export function safeCallbackPath(value: unknown, fallback: string = afterSignInPath, siteOrigin?: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  const isRelative = value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
  const isSameOriginAbsolute = siteOrigin !== undefined && value.startsWith(`${siteOrigin}/`);
  if (!isRelative && !isSameOriginAbsolute) return fallback;
  let url: URL;
  try {
    url = new URL(isRelative ? value : value.slice(siteOrigin?.length ?? 0), probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that returns to `path` afterwards. */
export function signInUrlFor(path: string | undefined): string {
  const target = safeCallbackPath(path, "");
  if (!target || target === "/" || isSignedOutOnlyPath(new URL(target, probeOrigin).pathname)) return signInPath;
  return `${signInPath}?${new URLSearchParams({ callbackUrl: target })}`;
}
