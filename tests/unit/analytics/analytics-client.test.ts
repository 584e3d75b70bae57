import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentCookie, parseConsent, saveConsent } from "@/lib/analytics/consent";
import { contentViewedEvent, emailDomain, pageViewEvent } from "@/lib/analytics/events";
import { posthogOptions } from "@/lib/analytics/posthog-options";
import { resetAnalyticsForTests, startAnalytics, stopAnalytics, track, type AnalyticsClient } from "@/lib/analytics/track";

function fakeClient() {
  const captured: Array<{ event: string; properties: unknown }> = [];
  const client = {
    capture: vi.fn((event: string, properties: Record<string, unknown>) => {
      captured.push({ event, properties });
    }),
    opt_in_capturing: vi.fn(),
    opt_out_capturing: vi.fn(),
  } satisfies AnalyticsClient;
  return { client, captured, raw: client };
}

describe("the browser's analytics", () => {
  beforeEach(() => {
    vi.stubGlobal("document", { cookie: "" });
    vi.stubGlobal("window", { location: { protocol: "https:", origin: "https://app.test" } });
    resetAnalyticsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads nothing and sends nothing before consent", async () => {
    const load = vi.fn(async () => fakeClient().client);
    expect(await startAnalytics(load, true)).toBeNull();
    track("page_view", { path: "/" });
    expect(load).not.toHaveBeenCalled();
  });

  it("loads nothing after a decline", async () => {
    saveConsent("denied");
    const load = vi.fn(async () => fakeClient().client);
    expect(await startAnalytics(load, true)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("loads nothing without a key, even after consent", async () => {
    saveConsent("granted");
    const load = vi.fn(async () => fakeClient().client);
    expect(await startAnalytics(load, false)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("after consent, sends events with the spec's payloads, including those sent while loading", async () => {
    saveConsent("granted");
    const { client, captured } = fakeClient();
    const started = startAnalytics(async () => client, true);
    track("page_view", pageViewEvent("/"));
    await started;
    track("image_upload", { tool: "hair_changer", file_size: 1234 });
    expect(captured).toEqual([
      { event: "page_view", properties: { path: "/", label: "Home Page" } },
      { event: "image_upload", properties: { tool: "hair_changer", file_size: 1234 } },
    ]);
  });

  it("stops sending once the visitor declines after accepting", async () => {
    saveConsent("granted");
    const { client, captured, raw } = fakeClient();
    await startAnalytics(async () => client, true);
    saveConsent("denied");
    stopAnalytics();
    track("button_click", { name: "cta", location: "/" });
    expect(raw.opt_out_capturing).toHaveBeenCalled();
    expect(captured).toEqual([]);
  });
});

describe("analytics payloads and settings", () => {
  it("labels / as the Home Page and names content pages", () => {
    expect(pageViewEvent("/")).toEqual({ path: "/", label: "Home Page" });
    expect(pageViewEvent("/privacy")).toEqual({ path: "/privacy" });
    expect(contentViewedEvent("/hair-changer/step-2")).toEqual({ content_type: "tool", content_name: "hair-changer" });
    expect(contentViewedEvent("/gallery/123")).toEqual({ content_type: "gallery", content_name: "gallery" });
    expect(contentViewedEvent("/dashboard")).toEqual({ content_type: "dashboard", content_name: "dashboard" });
    expect(contentViewedEvent("/privacy")).toBeNull();
    expect(contentViewedEvent("/dashboards")).toBeNull();
    expect(emailDomain("Someone@Example.COM")).toBe("example.com");
  });

  it("reads and writes the consent cookie", () => {
    expect(parseConsent("a=b; analytics_consent=granted")).toBe("granted");
    expect(parseConsent("analytics_consent=maybe")).toBe("unset");
    expect(parseConsent("")).toBe("unset");
    expect(consentCookie("denied", true)).toMatch(/^analytics_consent=denied; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
  });

  it("limits autocapture and masks session recording (decision 14)", () => {
    const options = posthogOptions("https://eu.i.posthog.com", "https://app.test");
    expect(options.capture_pageview).toBe(false);
    const autocapture = options.autocapture;
    if (typeof autocapture !== "object") throw new Error("autocapture must be configured");
    expect(autocapture.dom_event_allowlist).toEqual(["click", "change", "submit"]);
    const allowed = autocapture.url_allowlist?.[0];
    if (!(allowed instanceof RegExp)) throw new Error("url_allowlist must hold our origin");
    expect(allowed.test("https://app.test/dashboard")).toBe(true);
    expect(allowed.test("https://app.test.evil.com/")).toBe(false);
    expect(options.session_recording).toMatchObject({
      maskAllInputs: true,
      maskInputOptions: { password: true, email: true },
      recordHeaders: false,
      recordBody: false,
      recordCrossOriginIframes: false,
    });
    expect(options.session_recording?.blockSelector).toContain("img");
  });
});
