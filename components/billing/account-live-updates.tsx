"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** How often a visible tab asks whether the account changed. */
const pollIntervalMs = 3000;
const channelName = "ai-image-studio:account";

/**
 * Held while the account is signed out or deleted: a check then would only be refused, and the
 * page is about to be left (for the prerendered home page, with a full page load).
 */
let holds = 0;
const inFlight = new Set<AbortController>();

/** Stops the checks, in flight ones included, until the returned release is called. */
export function holdAccountLiveUpdates(): () => void {
  holds += 1;
  for (const controller of inFlight) controller.abort();
  let released = false;
  return () => {
    if (!released) holds -= 1;
    released = true;
  };
}

/**
 * Keeps every open tab of the user current with their money (issue 15 story 9): a payment
 * confirmed in the checkout's tab, a plan change, a top-up or a spend shows in this tab's
 * balance, plan and buttons within seconds, without a reload. While the tab is visible it
 * polls the account fingerprint (GET /api/account/fingerprint) and refreshes the page when it
 * differs from the one the page was rendered with; a tab that notices a change tells the
 * others at once through a BroadcastChannel, and a tab coming back into view checks at once.
 */
export function AccountLiveUpdates({ fingerprint }: { fingerprint: string }) {
  const router = useRouter();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName) : null;
    // One refresh per new fingerprint; the refreshed page brings it and restarts this effect.
    let refreshedFor: string | null = null;

    const refreshFor = (latest: string) => {
      if (cancelled || latest === fingerprint || latest === refreshedFor) return false;
      refreshedFor = latest;
      router.refresh();
      return true;
    };

    async function check() {
      clearTimeout(timer);
      if (document.visibilityState === "visible" && holds === 0) {
        const request = new AbortController();
        const abort = () => request.abort();
        controller.signal.addEventListener("abort", abort);
        inFlight.add(request);
        try {
          const response = await fetch("/api/account/fingerprint", { cache: "no-store", signal: request.signal });
          if (response.ok) {
            const body: { fingerprint?: unknown } = await response.json();
            if (typeof body.fingerprint === "string" && refreshFor(body.fingerprint)) channel?.postMessage(body.fingerprint);
          }
        } catch {
          // Offline for a moment, unmounted or held: the next tick tries again.
        } finally {
          inFlight.delete(request);
          controller.signal.removeEventListener("abort", abort);
        }
      }
      if (!cancelled) timer = setTimeout(() => void check(), pollIntervalMs);
    }

    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === "string") refreshFor(event.data);
    };
    channel?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onVisible);
    timer = setTimeout(() => void check(), pollIntervalMs);
    return () => {
      cancelled = true;
      controller.abort();
      clearTimeout(timer);
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [fingerprint, router]);

  return null;
}
