import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
// Next.js's own guard that refuses the dev server's resources to pages of other origins.
import { blockCrossSiteDEV } from "next/dist/server/lib/router-utils/block-cross-site-dev";
import nextConfig from "@/next.config";

/** A page of `origin` loading one of the dev server's scripts, as Chromium sends it. */
function scriptRequest(origin: string) {
  const request = {
    url: "/_next/static/chunks/main-app.js",
    headers: { "sec-fetch-mode": "no-cors", "sec-fetch-site": "cross-site", referer: `${origin}/auth` },
  } as unknown as IncomingMessage;
  const response = { statusCode: 200, end() {} } as unknown as ServerResponse;
  return { request, response };
}

/** `npm run dev` binds no host name, so only the configured origins and localhost pass. */
function blocked(origin: string) {
  const { request, response } = scriptRequest(origin);
  return blockCrossSiteDEV(request, response, nextConfig.allowedDevOrigins, undefined);
}

describe("the dev server opened at a loopback address", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])("serves its scripts to %s", (origin) => {
    expect(blocked(origin)).toBe(false);
  });

  it("still refuses them to another site", () => {
    expect(blocked("http://attacker.example")).toBe(true);
  });
});
