/**
 * The Content-Security-Policy of the app's pages and of everything else it serves (issue #11).
 * Pure, so next.config.ts, proxy.ts and the tests share one definition.
 */

/** The request header through which proxy.ts hands the page its script nonce. */
export const nonceHeader = "x-nonce";

export interface PagePolicyOptions {
  /** Fresh for every request: Next.js puts it on its own scripts, the layout on next-themes'. */
  nonce: string;
  /** `next dev`: React rebuilds server error stacks in the browser with eval. */
  development: boolean;
  /** The PostHog ingestion host, when browser analytics is configured. */
  analyticsHost?: string;
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

export function pageContentSecurityPolicy({ nonce, development, analyticsHost }: PagePolicyOptions): string {
  const analytics = analyticsHost ? analyticsOrigins(analyticsHost) : [];
  return serialize({
    "default-src": ["'self'"],
    // 'strict-dynamic': chunks and posthog-js's lazily loaded scripts are trusted because a
    // nonced script loads them; no host list or 'unsafe-inline' can be abused.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
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
