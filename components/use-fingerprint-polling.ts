"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { readLiveFingerprint } from "@/lib/api/live-fingerprint";

interface FingerprintPollingOptions {
  /** Tabs on the same BroadcastChannel tell each other of a new fingerprint at once. */
  channelName?: string;
  /** A tab coming back into view checks at once instead of at its next tick. */
  checkWhenShown?: boolean;
}

interface FingerprintWatch extends FingerprintPollingOptions {
  url: string;
  /** The fingerprint the page was rendered with. */
  fingerprint: string;
  intervalMs: number;
  refresh: () => void;
}

/**
 * The loop behind useFingerprintPolling, apart from React so it can be tested: every
 * `intervalMs` while the tab is visible it reads the fingerprint at `url` and calls `refresh`
 * once per fingerprint that differs from the page's. It stops on the signed-out fingerprint
 * (see live-fingerprint.ts); the returned function stops it too.
 */
export function watchFingerprint({ url, fingerprint, intervalMs, refresh, channelName, checkWhenShown = false }: FingerprintWatch): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const controller = new AbortController();
  const channel = channelName && typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName) : null;
  // One refresh per new fingerprint, even if the refreshed page is slow to arrive; the
  // refreshed page brings the new fingerprint, which starts a new watch.
  let refreshedFor: string | null = null;

  const refreshFor = (latest: string) => {
    if (cancelled || latest === fingerprint || latest === refreshedFor) return false;
    refreshedFor = latest;
    refresh();
    return true;
  };

  async function check() {
    clearTimeout(timer);
    if (document.visibilityState === "visible") {
      const reading = await readLiveFingerprint(url, controller.signal);
      if (reading?.signedOut) return;
      if (reading && refreshFor(reading.fingerprint)) channel?.postMessage(reading.fingerprint);
    }
    // An unreadable answer (offline for a moment, unmounted): the next tick tries again.
    if (!cancelled) timer = setTimeout(() => void check(), intervalMs);
  }

  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const onMessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === "string") refreshFor(event.data);
  };
  channel?.addEventListener("message", onMessage);
  if (checkWhenShown) document.addEventListener("visibilitychange", onVisible);
  timer = setTimeout(() => void check(), intervalMs);
  return () => {
    cancelled = true;
    controller.abort();
    clearTimeout(timer);
    channel?.removeEventListener("message", onMessage);
    channel?.close();
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** Keeps a page current without a reload: refreshes it when the fingerprint at `url` moves on from `fingerprint`. */
export function useFingerprintPolling(url: string, fingerprint: string, intervalMs: number, options: FingerprintPollingOptions = {}): void {
  const router = useRouter();
  const { channelName, checkWhenShown } = options;

  useEffect(
    () => watchFingerprint({ url, fingerprint, intervalMs, channelName, checkWhenShown, refresh: () => router.refresh() }),
    [url, fingerprint, intervalMs, channelName, checkWhenShown, router],
  );
}
