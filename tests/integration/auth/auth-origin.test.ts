import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

/**
 * The Auth.js endpoints behind a reverse proxy: Next.js hands the route handler a URL on its own
 * listening address, as here; the URLs Auth.js answers with must be on the origin the visitor used.
 * (tests/e2e/behind-a-proxy.spec.ts checks the same against a real `next start`.)
 */

// The adapter needs a database object; the providers endpoint never queries it.
vi.mock("@/db", async () => {
  const { openPglite } = await import("@/db/client");
  const { db } = openPglite(undefined);
  return { getDb: () => db };
});

const listeningUrl = "http://localhost:3302/api/auth/providers";

async function providers(headers: Record<string, string>) {
  const { handlers } = await import("@/lib/auth/auth");
  const response = await handlers.GET(new NextRequest(listeningUrl, { headers: { host: "localhost:3302", ...headers } }));
  const body: Record<string, { signinUrl: string; callbackUrl: string }> = await response.json();
  return body;
}

describe("Auth.js URLs", () => {
  it("use X-Forwarded-Host and X-Forwarded-Proto from the proxy", async () => {
    const body = await providers({ "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" });
    expect(body.credentials).toEqual({
      id: "credentials",
      name: "Credentials",
      type: "credentials",
      signinUrl: "https://app.example.com/api/auth/signin/credentials",
      callbackUrl: "https://app.example.com/api/auth/callback/credentials",
    });
  });

  it("use the Host header when no proxy forwarded one, and the first entry of a list", async () => {
    expect((await providers({ host: "studio.example.net" })).credentials?.signinUrl).toBe(
      "http://studio.example.net/api/auth/signin/credentials",
    );
    expect(
      (await providers({ "x-forwarded-host": "app.example.com, inner.proxy", "x-forwarded-proto": "https, http" })).credentials
        ?.callbackUrl,
    ).toBe("https://app.example.com/api/auth/callback/credentials");
  });

  it("keep the server's own origin when the forwarded host is not a plain host", async () => {
    expect((await providers({ "x-forwarded-host": "evil.example/path@x" })).credentials?.signinUrl).toBe(
      "http://localhost:3302/api/auth/signin/credentials",
    );
  });
});
