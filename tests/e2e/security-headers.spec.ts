import { randomUUID } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import { signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { generateAndWaitForResults, uploadPhoto } from "./flow-steps";

/**
 * Issue #11: security headers on every response, a nonce-based Content-Security-Policy that the
 * app's own pages never violate, and state-changing requests from other sites refused with 403.
 */

const posthogHost = process.env.NEXT_PUBLIC_POSTHOG_HOST || "https://eu.i.posthog.com";

function expectCommonHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["permissions-policy"], what).toContain("microphone=()");
  expect(headers["permissions-policy"], what).toContain("geolocation=()");
  // The e2e servers run a production build.
  expect(headers["strict-transport-security"], what).toMatch(/^max-age=\d+/);
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(";").map((part) => part.trim().split(/\s+/)).find(([first]) => first === name);
  return found?.slice(1) ?? [];
}

function nonceOf(response: APIResponse): string {
  const scriptSources = directive(response.headers()["content-security-policy"] ?? "", "script-src");
  const nonce = scriptSources.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean);
  if (!nonce) throw new Error(`no nonce in ${scriptSources.join(" ")}`);
  return nonce;
}

test.describe("security headers", () => {
  // Pages rendered per request; the prerendered /, /headshot-pro and /auth: static-pages.spec.ts.
  test("pages carry a fresh nonce in a strict policy, and every script of the page carries it", async ({ request }) => {
    const first = await request.get("/auth/forgot-password");
    const second = await request.get("/auth/forgot-password");
    expectCommonHeaders(first, "/auth/forgot-password");
    const policy = first.headers()["content-security-policy"] ?? "";
    expect(directive(policy, "script-src")).toEqual(["'self'", `'nonce-${nonceOf(first)}'`, "'strict-dynamic'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'self'"]);
    // This build has browser analytics on (scripts/e2e.mjs): its host, and only it, may be called.
    expect(directive(policy, "connect-src")).toEqual(["'self'", new URL(posthogHost).origin]);
    expect(nonceOf(second)).not.toBe(nonceOf(first));

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(first)}"`);
  });

  test("every other response has the headers and a policy that loads and runs nothing", async ({ request }) => {
    const page = await request.get("/");
    const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(await page.text())?.[1];
    if (!chunk) throw new Error("no script chunk on /");
    const signedOut = await request.get("/dashboard", { maxRedirects: 0 });
    expect(signedOut.status()).toBe(307);
    expectCommonHeaders(signedOut, "sign-in redirect");
    expectCommonHeaders(await request.get("/no-such-page"), "404 page");

    for (const path of [chunk, "/examples/chelsea-the-cat.jpg", "/api/health", `/api/images/${randomUUID()}`, "/api/auth/session"]) {
      const response = await request.get(path);
      expectCommonHeaders(response, path);
      expect(directive(response.headers()["content-security-policy"] ?? "", "default-src"), path).toEqual(["'none'"]);
    }
  });
});

test.describe("cross-site requests", () => {
  const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];

  test("server actions and route handlers refuse state-changing requests from other sites with 403", async ({ request }) => {
    for (const headers of foreign) {
      for (const path of ["/auth", "/privacy", `/api/generations/${randomUUID()}`, "/api/privacy/export"]) {
        const response = await request.post(path, { headers: { ...headers, "next-action": "0".repeat(42) }, data: "[]", maxRedirects: 0 });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
      }
    }
  });

  test("the site's own requests and the signed Stripe webhook get through", async ({ request, baseURL }) => {
    const own = await request.post("/auth", { headers: { origin: baseURL ?? "", "sec-fetch-site": "same-origin", "next-action": "0".repeat(42) }, data: "[]" });
    expect(own.status()).not.toBe(403);
    // Stripe's calls come from its own site; the signature is their proof (a forged one: 400).
    const webhook = await request.post("/api/stripe/webhook", {
      headers: { origin: "https://hooks.stripe.com", "sec-fetch-site": "cross-site", "stripe-signature": "t=1,v1=forged" },
      data: "{}",
    });
    expect(webhook.status()).toBe(400);
  });
});

/** Records every Content-Security-Policy violation the page reports, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = Reflect.get(window, "reportCspViolation");
      if (typeof report === "function") report(`${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return violations;
}

test.describe("the policy breaks nothing", () => {
  // A visitor who has not answered the cookie banner yet.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("cookie banner accepted, sign-up, theme, a tool flow and the signed-in pages: no violation", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await recordViolations(page);
    const analyticsCalls: string[] = [];
    // posthog-js stays silent in browsers it takes for automation; this one stands in for a person.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
      Object.defineProperty(Navigator.prototype, "userAgentData", { get: () => undefined });
    });
    // PostHog is answered locally; the browser still checks connect-src and script-src first.
    await page.route(`${posthogHost}/**`, (route) => {
      analyticsCalls.push(route.request().url());
      const isScript = new URL(route.request().url()).pathname.endsWith(".js");
      return route.fulfill({ status: 200, contentType: isScript ? "text/javascript" : "application/json", body: isScript ? "" : "{}" });
    });

    await page.goto("/");
    await page.getByTestId("consent-accept").click();
    await expect.poll(() => analyticsCalls.length).toBeGreaterThan(0);
    await page.goto("/headshot-pro");

    await signUpNewAccount(page);
    await page.getByTestId("theme-menu").click();
    await page.getByTestId("theme-option-light").click();
    await expect(page.locator("html")).toHaveClass(/light/);

    await page.goto("/ai-product/step1");
    await uploadPhoto(page);
    await page.getByTestId("flow-example-prompt").first().click();
    await page.getByTestId("flow-continue").click();
    const generationId = await generateAndWaitForResults(page, "ai-product", /^Generate \(2 credits\)$/);

    for (const path of ["/dashboard", "/activity", `/gallery/${generationId}`, "/subscription", "/privacy", "/headshot-pro/step1"]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
    }
    expect(violations).toEqual([]);
  });
});
