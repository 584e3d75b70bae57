"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { readLiveFingerprint } from "@/lib/api/live-fingerprint";

/** How often a visible tab asks whether the account changed. */
const pollIntervalMs = 3000;
const channelName = "ai-image-studio:account";

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
      if (document.visibilityState === "visible") {
        const reading = await readLiveFingerprint("/api/account/fingerprint", controller.signal);
        if (reading?.signedOut) return;
        if (reading && refreshFor(reading.fingerprint)) channel?.postMessage(reading.fingerprint);
      }
      // An unreadable answer (offline for a moment, unmounted): the next tick tries again.
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
