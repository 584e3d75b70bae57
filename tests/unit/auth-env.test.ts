import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { MissingAuthSecretError, resolveAuthSecret } from "@/lib/auth/secret";

describe("account settings in the environment", () => {
  it("has defaults that need no setup", () => {
    const env = parseEnv({});
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.AUTH_TRUST_HOST).toBe("true");
    expect(env.AUTH_MAX_ATTEMPTS_PER_IP).toBe(30);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.EMAIL_FROM).toBe("AI Image Studio <no-reply@localhost>");
  });

  it("accepts SMTP URLs only", () => {
    expect(parseEnv({ SMTP_URL: "smtps://user:pass@mail.example.com:465" }).SMTP_URL).toBe("smtps://user:pass@mail.example.com:465");
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
  });

  it("refuses a short AUTH_SECRET and a bad attempt limit", () => {
    expect(() => parseEnv({ AUTH_SECRET: "too-short" })).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ AUTH_MAX_ATTEMPTS_PER_IP: "0" })).toThrow(/AUTH_MAX_ATTEMPTS_PER_IP/);
    expect(parseEnv({ AUTH_MAX_ATTEMPTS_PER_IP: "100" }).AUTH_MAX_ATTEMPTS_PER_IP).toBe(100);
  });
});

describe("the session secret", () => {
  it("falls back to a development value outside production and while building", () => {
    expect(resolveAuthSecret({ configured: undefined, nodeEnv: "development", building: false })).toMatch(/^development-only/);
    expect(resolveAuthSecret({ configured: undefined, nodeEnv: "test", building: false })).toMatch(/^development-only/);
    expect(resolveAuthSecret({ configured: undefined, nodeEnv: "production", building: true })).toMatch(/^development-only/);
  });

  it("is required by a production server", () => {
    expect(() => resolveAuthSecret({ configured: undefined, nodeEnv: "production", building: false })).toThrow(
      MissingAuthSecretError,
    );
    expect(resolveAuthSecret({ configured: "x".repeat(32), nodeEnv: "production", building: false })).toBe("x".repeat(32));
  });
});
