import { readConsent } from "./consent";
import type { AnalyticsEventName, AnalyticsEvents } from "./events";
import { posthogOptions } from "./posthog-options";
import { analyticsEnabled, posthogPublicConfig } from "./public-config";

/**
 * The browser side of analytics. posthog-js is imported only after the visitor accepted the
 * cookie banner (so it is not in the first-load bundle and sets no cookie before), and only
 * when a key is configured. `track` is a no-op until then; events sent while the library is
 * still loading wait for it.
 */
/** The part of posthog-js used here; tests pass a recording stand-in. */
export interface AnalyticsClient {
  capture(event: string, properties: Record<string, unknown>): unknown;
  opt_in_capturing(options?: { captureEventName?: false }): void;
  opt_out_capturing(): void;
}
type Loader = () => Promise<AnalyticsClient>;

let client: AnalyticsClient | null = null;
let loading: Promise<AnalyticsClient | null> | null = null;
const waiting: Array<() => void> = [];

async function loadPosthog(): Promise<AnalyticsClient> {
  const { posthog } = await import("posthog-js");
  const key = posthogPublicConfig.key;
  if (!key) throw new Error("NEXT_PUBLIC_POSTHOG_KEY is not set");
  posthog.init(key, posthogOptions(posthogPublicConfig.host, window.location.origin));
  return posthog;
}

/** Loads and starts analytics once consent is given; again after a decline, it opts back in. */
export function startAnalytics(load: Loader = loadPosthog, enabled = analyticsEnabled): Promise<AnalyticsClient | null> {
  if (!enabled || readConsent() !== "granted") return Promise.resolve(null);
  if (client) {
    client.opt_in_capturing({ captureEventName: false });
    return Promise.resolve(client);
  }
  loading ??= load()
    .then((loaded) => {
      client = loaded;
      for (const send of waiting.splice(0)) send();
      return loaded;
    })
    .catch((error: unknown) => {
      // Spec §8: an analytics failure is only logged.
      console.error("Analytics could not start", error);
      loading = null;
      return null;
    });
  return loading;
}

/** After a decline: stop capturing and recording and forget the queued events. */
export function stopAnalytics(): void {
  waiting.length = 0;
  client?.opt_out_capturing();
}

export function track<Name extends AnalyticsEventName>(event: Name, properties: AnalyticsEvents[Name]): void {
  if (readConsent() !== "granted") return;
  const send = () => {
    try {
      client?.capture(event, properties);
    } catch (error) {
      console.error("Analytics event was not sent", error);
    }
  };
  if (client) send();
  else if (loading) waiting.push(send);
}

/** Tests only: forget the loaded client. */
export function resetAnalyticsForTests(): void {
  client = null;
  loading = null;
  waiting.length = 0;
}
