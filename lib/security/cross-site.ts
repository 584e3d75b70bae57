/**
 * Cross-site request refusal for everything that changes state: server actions (POSTs to page
 * paths) and route handlers. proxy.ts applies it to every request before anything else runs,
 * so a new action or route handler is covered without opting in. Next.js's own Origin check of
 * server actions stays as a second line.
 */

/** Methods that change nothing; links, images and prefetches from anywhere may use them. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Endpoints with their own protection: Stripe signs its webhook calls, and Auth.js checks its
 * CSRF token (its OAuth callbacks arrive from the provider's site by design).
 */
export function isExemptFromCrossSiteCheck(pathname: string): boolean {
  return pathname === "/api/stripe/webhook" || pathname.startsWith("/api/auth/");
}

function hostOf(origin: string): string | null {
  if (origin === "null") return null;
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export interface IncomingRequest {
  method: string;
  pathname: string;
  headers: Headers;
}

/**
 * True when a browser sent this state-changing request from another site: Sec-Fetch-Site says
 * so, or its Origin is not the host it was sent to (X-Forwarded-Host behind a reverse proxy,
 * as Next.js compares). A request with neither header comes from a non-browser client, which
 * carries no victim's cookies, and passes like it does in Next.js.
 */
export function isCrossSiteRequest({ method, pathname, headers }: IncomingRequest): boolean {
  if (safeMethods.has(method.toUpperCase()) || isExemptFromCrossSiteCheck(pathname)) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  const originHost = hostOf(origin);
  const forwardedHost = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return originHost === null || (originHost !== forwardedHost && originHost !== headers.get("host"));
}
