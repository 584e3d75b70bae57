import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createServerAnalytics, type ServerAnalytics } from "@/lib/analytics/server-events";
import { startFakePostHog, type FakePostHog } from "@/tests/fakes/posthog-server";

let fake: FakePostHog;
let analytics: ServerAnalytics;

beforeAll(async () => {
  fake = await startFakePostHog();
  analytics = createServerAnalytics({ apiKey: "phc_test", host: fake.url });
});
afterAll(async () => {
  await analytics.shutdown();
  await fake.stop();
});

it("sends server events to PostHog with the spec's payloads", async () => {
  analytics.capture("sign_up", "user-1", { user_id: "user-1", email_domain: "example.com", method: "password", signup_date: "2026-01-02T03:04:05.000Z" });
  analytics.capture("login", "user-1", { user_id: "user-1", method: "google" });
  analytics.capture("purchase", "user-1", { item_name: "pro_monthly", value: 19.99, currency: "USD" });
  analytics.capture("generation_completed", "user-1", { generation_id: "g-1", tool: "hair_changer" });
  analytics.capture("generation_failed", "user-1", { generation_id: "g-2", tool: "edit", error_key: "generation.errors.timedOut" });
  await analytics.flush();

  const events = await fake.waitForEvents(5);
  const byName = new Map(events.map((event) => [event.event, event]));
  expect([...byName.keys()].sort()).toEqual(["generation_completed", "generation_failed", "login", "purchase", "sign_up"]);
  expect(byName.get("sign_up")).toMatchObject({
    distinctId: "user-1",
    properties: { user_id: "user-1", email_domain: "example.com", method: "password", signup_date: "2026-01-02T03:04:05.000Z" },
  });
  expect(byName.get("login")?.properties).toMatchObject({ user_id: "user-1", method: "google" });
  expect(byName.get("purchase")?.properties).toMatchObject({ item_name: "pro_monthly", value: 19.99, currency: "USD" });
  expect(byName.get("generation_failed")?.properties).toMatchObject({ generation_id: "g-2", error_key: "generation.errors.timedOut" });
});

/** posthog-node's default wait before each of its 3 retries of a failed send. */
const posthogRetryDelayMs = 3000;

it("never throws when PostHog cannot be reached, and logs the failure", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  // The retries' waits pass at once (27 s of sleep otherwise); every other timer, among them
  // the request and shutdown timeouts, and the refused connections stay real.
  const realSetTimeout = globalThis.setTimeout;
  const waits = vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number, ...args: unknown[]) =>
    realSetTimeout(callback, ms === posthogRetryDelayMs ? 0 : ms, ...args)) as typeof setTimeout);
  try {
    const unreachable = createServerAnalytics({ apiKey: "phc_test", host: "http://127.0.0.1:9" });
    expect(() => unreachable.capture("login", "user-2", { user_id: "user-2", method: "password" })).not.toThrow();
    await expect(unreachable.flush()).resolves.toBeUndefined();
    await unreachable.shutdown();
  } finally {
    waits.mockRestore();
  }
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});
