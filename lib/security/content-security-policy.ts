/**
 * The Content-Security-Policy of the app's pages and of everything else it serves (issue #11).
 * Pure, so next.config.ts, proxy.ts and the tests share one definition.
 */

/** The request header through which proxy.ts hands the page its script nonce. */
export const nonceHeader = "x-nonce";

export interface PagePolicyOptions extends PolicySettings {
  /** Fresh for every request: Next.js puts it on its own scripts, the layout on its pre-paint scripts. */
  nonce: string;
}

/**
 * PostHog's cloud serves its extension scripts and remote config from a sibling "-assets" host
 * (posthog-js derives it the same way); a self-hosted or proxied host serves both itself.
 */
function analyticsOrigins(host: string): string[] {
  const origin = new URL(host).origin;
  const cloud = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(origin);
  return cloud ? [origin, `https://${cloud[1]}-assets.i.posthog.com`] : [origin];
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

interface PolicySettings {
  /** `next dev`: React rebuilds server error stacks in the browser with eval. */
  development: boolean;
  /** The PostHog ingestion host, when browser analytics is configured. */
  analyticsHost?: string;
}

function pagePolicy(scriptSources: string[], { development, analyticsHost }: PolicySettings): string {
  const analytics = analyticsHost ? analyticsOrigins(analyticsHost) : [];
  return serialize({
    "default-src": ["'self'"],
    "script-src": [...scriptSources, ...(development ? ["'unsafe-eval'"] : [])],
    // Server-rendered style attributes (progress bars, Radix positioning) and sonner's injected
    // stylesheet carry no nonce; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Upload previews are data: and blob: URLs.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...analytics],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Checkout and Google sign-in are navigations by script, never form posts to other sites.
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/** Every page rendered per request. */
export function pageContentSecurityPolicy({ nonce, ...settings }: PagePolicyOptions): string {
  // 'strict-dynamic': chunks and posthog-js's lazily loaded scripts are trusted because a
  // nonced script loads them; no host list or 'unsafe-inline' can be abused.
  return pagePolicy(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"], settings);
}

/**
 * The prerendered signed-out pages (lib/routing/public-pages.ts), the same bytes for every
 * visitor, so no nonce can be in them. Their script files are this site's own and carry
 * subresource-integrity hashes (next.config.ts `experimental.sri`). Their inline scripts cannot
 * be listed: Next.js streams the page's data as inline scripts whose hashes it does not publish
 * (vercel/next.js#95354), and the home page is regenerated when the examples change, so
 * 'unsafe-inline' stands in for them. These pages render nothing a visitor sent: no query
 * parameter, cookie or stored user text reaches their HTML. Scripts from other hosts stay
 * blocked, except PostHog's when analytics is configured (no 'strict-dynamic' lets a loaded
 * script vouch for them here).
 */
export function staticPageContentSecurityPolicy(settings: PolicySettings): string {
  const analytics = settings.analyticsHost ? analyticsOrigins(settings.analyticsHost) : [];
  return pagePolicy(["'self'", "'unsafe-inline'", ...analytics], settings);
}

/**
 * Everything that is not a page (route handlers, stored images, zips, static files): nothing may
 * load or run, and a file opened directly is sandboxed away from the app's origin.
 */
export const resourceContentSecurityPolicy = serialize({
  "default-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  sandbox: [],
});

/** 128 random bits, base64: unguessable, and valid inside 'nonce-…'. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
