"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { readLiveFingerprint } from "@/lib/api/live-fingerprint";

const pollIntervalMs = 2000;

/**
 * Keeps /activity current without a reload (spec §4: the list refreshes when generations
 * change): every 2 seconds while the tab is visible it asks for the fingerprint of the user's
 * generations and refreshes the page when it differs from the one the page was rendered with,
 * so a running generation moves from In Progress to Generated Images by itself.
 */
export function ActivityLiveUpdates({ fingerprint }: { fingerprint: string }) {
  const router = useRouter();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    // One refresh per new fingerprint, even if the refreshed page is slow to arrive.
    let refreshedFor: string | null = null;

    async function check() {
      if (document.visibilityState === "visible") {
        const reading = await readLiveFingerprint("/api/activity/fingerprint", controller.signal);
        if (reading?.signedOut) return;
        const latest = reading?.fingerprint;
        if (!cancelled && latest !== undefined && latest !== fingerprint && latest !== refreshedFor) {
          // The refreshed page brings the new fingerprint, which restarts this effect.
          refreshedFor = latest;
          router.refresh();
        }
      }
      // An unreadable answer (offline for a moment, unmounted): the next tick tries again.
      if (!cancelled) timer = setTimeout(() => void check(), pollIntervalMs);
    }

    timer = setTimeout(() => void check(), pollIntervalMs);
    return () => {
      cancelled = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [fingerprint, router]);

  return null;
}
