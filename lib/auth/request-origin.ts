import { NextRequest } from "next/server";

/**
 * Next.js hands route handlers a URL on its own listening address (http://localhost:<port>),
 * and Auth.js builds its endpoints' URLs (providers, OAuth callbacks, redirects) from that URL.
 * Behind a reverse proxy that is the wrong origin. With AUTH_TRUST_HOST=true and no AUTH_URL,
 * the origin the visitor used is taken from X-Forwarded-Host / X-Forwarded-Proto (or Host), as
 * README promises; AUTH_URL, when set, wins inside Auth.js.
 */

function firstValue(value: string | null): string | undefined {
  return value?.split(",")[0]?.trim() || undefined;
}

/** The origin the visitor addressed, or undefined when the headers name none that parses. */
export function forwardedOrigin(headers: Headers, fallbackProtocol: string): string | undefined {
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"));
  const protocol = firstValue(headers.get("x-forwarded-proto")) ?? fallbackProtocol.replace(/:$/, "");
  if (!host || (protocol !== "http" && protocol !== "https")) return undefined;
  try {
    const url = new URL(`${protocol}://${host}`);
    // A host header with a path, credentials or the like is no plain origin.
    return url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The request as Auth.js should see it: on the visitor's origin when the host is trusted. */
export function withVisitorOrigin(request: NextRequest, settings: { trustHost: boolean; fixedUrl: string | undefined }): NextRequest {
  if (!settings.trustHost || settings.fixedUrl) return request;
  const origin = forwardedOrigin(request.headers, request.nextUrl.protocol);
  if (!origin || origin === request.nextUrl.origin) return request;
  return new NextRequest(new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, origin), request);
}
