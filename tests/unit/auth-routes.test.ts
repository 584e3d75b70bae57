import { describe, expect, it } from "vitest";
import { isProtectedPath, isSignedOutOnlyPath, safeCallbackPath, signInUrlFor } from "@/lib/auth/routes";

describe("protected routes (spec §6)", () => {
  it.each([
    "/dashboard",
    "/subscription",
    "/activity",
    "/gallery/0b6c6f1e-1d2c-4a52-9e3f-5a0cbb0f1a11",
    "/headshot-pro/step1",
    "/headshot-pro/step4",
    "/headshot-pro/payment",
    "/headshot-pro/loading",
    "/headshot-pro/results",
    "/ai-product/step1",
    "/hair-changer/loading",
    "/body-shaper/results",
    "/checkout/test/0b6c6f1e-1d2c-4a52-9e3f-5a0cbb0f1a11",
  ])("%s needs a session", (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(["/", "/auth", "/headshot-pro", "/dashboards", "/activity-log", "/api/health", "/auth/reset-password"])(
    "%s is open to visitors",
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );

  it("sends signed-in users away from / and /auth only", () => {
    expect(isSignedOutOnlyPath("/")).toBe(true);
    expect(isSignedOutOnlyPath("/auth")).toBe(true);
    expect(isSignedOutOnlyPath("/auth/reset-password")).toBe(false);
  });
});

describe("safeCallbackPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeCallbackPath("/gallery/1?x=2#top")).toBe("/gallery/1?x=2#top");
    expect(safeCallbackPath("https://studio.test/activity?focus=latest", "/dashboard", "https://studio.test")).toBe(
      "/activity?focus=latest",
    );
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    "https://studio.test.evil.example/x",
  ])("ignores %j", (value) => {
    expect(safeCallbackPath(value, "/dashboard", "https://studio.test")).toBe("/dashboard");
  });

  it("ignores values that are not strings", () => {
    expect(safeCallbackPath(undefined)).toBe("/dashboard");
    expect(safeCallbackPath(["/a"])).toBe("/dashboard");
  });
});

describe("signInUrlFor", () => {
  it("returns to where the visitor was going", () => {
    expect(signInUrlFor("/headshot-pro/step2?draft=1")).toBe("/auth?callbackUrl=%2Fheadshot-pro%2Fstep2%3Fdraft%3D1");
  });

  it("drops destinations that would loop or leave the site", () => {
    expect(signInUrlFor(undefined)).toBe("/auth");
    expect(signInUrlFor("/auth")).toBe("/auth");
    expect(signInUrlFor("https://evil.example")).toBe("/auth");
  });
});
