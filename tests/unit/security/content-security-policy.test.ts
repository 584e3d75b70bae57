import { describe, expect, it } from "vitest";
import {
  createNonce,
  pageContentSecurityPolicy,
  resourceContentSecurityPolicy,
  staticPageContentSecurityPolicy,
} from "@/lib/security/content-security-policy";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("the pages' Content-Security-Policy", () => {
  const production = directives(pageContentSecurityPolicy({ nonce: "abc123==", development: false }));

  it("runs only scripts carrying the request's nonce, and what they load", () => {
    expect(production.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(production.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("allows eval only under next dev", () => {
    const development = directives(pageContentSecurityPolicy({ nonce: "n", development: true }));
    expect(development.get("script-src")).toContain("'unsafe-eval'");
    expect(production.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("forbids framing, plugins, foreign base URLs and form posts elsewhere", () => {
    expect(production.get("frame-ancestors")).toEqual(["'none'"]);
    expect(production.get("object-src")).toEqual(["'none'"]);
    expect(production.get("base-uri")).toEqual(["'self'"]);
    expect(production.get("form-action")).toEqual(["'self'"]);
    expect(production.get("default-src")).toEqual(["'self'"]);
  });

  it("shows own, data: and blob: images (upload previews) and nothing from other hosts", () => {
    expect(production.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("talks to PostHog only when browser analytics is configured", () => {
    expect(production.get("connect-src")).toEqual(["'self'"]);
    const cloud = directives(pageContentSecurityPolicy({ nonce: "n", development: false, analyticsHost: "https://eu.i.posthog.com" }));
    expect(cloud.get("connect-src")).toEqual(["'self'", "https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"]);
    const own = directives(pageContentSecurityPolicy({ nonce: "n", development: false, analyticsHost: "https://ph.example.com/ingest/" }));
    expect(own.get("connect-src")).toEqual(["'self'", "https://ph.example.com"]);
  });
});

describe("the prerendered pages' Content-Security-Policy", () => {
  const dynamic = directives(pageContentSecurityPolicy({ nonce: "n", development: false }));
  const prerendered = directives(staticPageContentSecurityPolicy({ development: false }));

  it("carries no nonce and runs this site's scripts and the page's own inline ones only", () => {
    expect(prerendered.get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(prerendered.get("script-src")?.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(prerendered.get("script-src")).not.toContain("'strict-dynamic'");
  });

  it("lets PostHog's scripts in only when analytics is configured, as no 'strict-dynamic' vouches for them", () => {
    const withAnalytics = directives(staticPageContentSecurityPolicy({ development: false, analyticsHost: "https://eu.i.posthog.com" }));
    expect(withAnalytics.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"]);
    expect(withAnalytics.get("connect-src")).toEqual(["'self'", "https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"]);
  });

  it("is otherwise the dynamic pages' policy", () => {
    for (const name of ["default-src", "style-src", "img-src", "font-src", "connect-src", "object-src", "base-uri", "form-action", "frame-ancestors"]) {
      expect(prerendered.get(name), name).toEqual(dynamic.get(name));
    }
  });
});

describe("the policy of everything else", () => {
  it("loads and runs nothing and sandboxes a file opened directly", () => {
    const policy = directives(resourceContentSecurityPolicy);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.has("sandbox")).toBe(true);
  });
});

describe("nonces", () => {
  it("are 128 random bits in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
