import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "@/lib/security/cross-site";

const host = "studio.example.test";

function request(method: string, pathname: string, headers: Record<string, string>) {
  return { method, pathname, headers: new Headers({ host, ...headers }) };
}

describe("cross-site refusal", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a %s from another site", (method) => {
    expect(isCrossSiteRequest(request(method, "/dashboard", { origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(request(method, "/api/images/1", { "sec-fetch-site": "cross-site" }))).toBe(true);
  });

  it("refuses sibling subdomains, opaque origins and garbage", () => {
    expect(isCrossSiteRequest(request("POST", "/dashboard", { "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(request("POST", "/dashboard", { origin: `https://other.${host}` }))).toBe(true);
    expect(isCrossSiteRequest(request("POST", "/dashboard", { origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(request("POST", "/dashboard", { origin: "not a url" }))).toBe(true);
  });

  it("lets the site's own requests through, directly and behind a reverse proxy", () => {
    expect(isCrossSiteRequest(request("POST", "/dashboard", { origin: `https://${host}`, "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(
      isCrossSiteRequest({
        method: "POST",
        pathname: "/dashboard",
        headers: new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": `${host}, proxy.internal`, origin: `https://${host}` }),
      }),
    ).toBe(false);
  });

  it("lets non-browser clients through, as they carry no visitor's cookies", () => {
    expect(isCrossSiteRequest(request("POST", "/dashboard", {}))).toBe(false);
  });

  it("judges only state-changing methods", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isCrossSiteRequest(request(method, "/api/images/1", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }))).toBe(false);
    }
  });

  it("leaves the Stripe webhook (signed) and Auth.js (own CSRF token, OAuth callbacks) alone", () => {
    const foreign = { origin: "https://hooks.stripe.com", "sec-fetch-site": "cross-site" };
    expect(isCrossSiteRequest(request("POST", "/api/stripe/webhook", foreign))).toBe(false);
    expect(isCrossSiteRequest(request("POST", "/api/auth/callback/apple", foreign))).toBe(false);
    expect(isCrossSiteRequest(request("POST", "/api/stripe/webhook-other", foreign))).toBe(true);
  });
});
