import { describe, expect, it } from "vitest";
import { securityHeaders } from "@/lib/security/security-headers";

function asRecord(headers: { key: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(headers.map(({ key, value }) => [key, value]));
}

describe("security headers of every response", () => {
  it("forbid sniffing, framing, referrer leaks and unused browser features", () => {
    const headers = asRecord(securityHeaders({ production: true }));
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    for (const feature of ["camera", "microphone", "geolocation"]) {
      expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
    }
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
  });

  it("ask for HTTPS only in production", () => {
    expect(asRecord(securityHeaders({ production: true }))["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    expect(asRecord(securityHeaders({ production: false }))).not.toHaveProperty("Strict-Transport-Security");
  });
});
