import { PostHog } from "posthog-node";
import { env } from "@/lib/env";
import type { AnalyticsEventName, AnalyticsEvents } from "./events";

/**
 * Server-side analytics events (spec §7): sign-up, login, completed purchase and the outcome of
 * a generation, sent with posthog-node only when POSTHOG_KEY is set. Sending never blocks or
 * breaks the work that caused it: events are queued, flushed in the background, and a failure
 * is only logged (spec §8). No "server-only" guard: the generation worker script imports it.
 */
export interface ServerAnalytics {
  capture<Name extends AnalyticsEventName>(event: Name, distinctId: string, properties: AnalyticsEvents[Name]): void;
  /** Sends what is queued; resolves when done (never rejects). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function createServerAnalytics(config: { apiKey: string; host: string }): ServerAnalytics {
  const client = new PostHog(config.apiKey, {
    host: config.host,
    // One event at a time, a few a minute at most: send each at once instead of holding it.
    flushAt: 1,
    flushInterval: 0,
    disableGeoip: true,
  });
  client.on("error", (error: unknown) => console.error("Analytics event was not sent", error));
  const flush = () => client.flush().catch((error: unknown) => console.error("Analytics flush failed", error));
  return {
    capture(event, distinctId, properties) {
      try {
        client.capture({ event, distinctId, properties });
        void flush();
      } catch (error) {
        console.error("Analytics event was not captured", error);
      }
    },
    flush,
    shutdown: () => client.shutdown().catch((error: unknown) => console.error("Analytics shutdown failed", error)),
  };
}

const globalKey = Symbol.for("ai-image-studio.server-analytics");
type GlobalWithAnalytics = typeof globalThis & { [globalKey]?: ServerAnalytics | null };

/** The process's client, or null when POSTHOG_KEY is not set. */
export function getServerAnalytics(): ServerAnalytics | null {
  const store = globalThis as GlobalWithAnalytics;
  if (store[globalKey] === undefined) {
    store[globalKey] = env.POSTHOG_KEY ? createServerAnalytics({ apiKey: env.POSTHOG_KEY, host: env.POSTHOG_HOST }) : null;
  }
  return store[globalKey];
}

/** Sends one event when server analytics are configured; otherwise does nothing. */
export function captureServerEvent<Name extends AnalyticsEventName>(
  event: Name,
  distinctId: string,
  properties: AnalyticsEvents[Name],
): void {
  getServerAnalytics()?.capture(event, distinctId, properties);
}
