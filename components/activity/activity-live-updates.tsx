"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

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
        try {
          const response = await fetch("/api/activity/fingerprint", { cache: "no-store", signal: controller.signal });
          if (response.ok) {
            const body: { fingerprint?: unknown } = await response.json();
            const latest = body.fingerprint;
            if (!cancelled && typeof latest === "string" && latest !== fingerprint && latest !== refreshedFor) {
              // The refreshed page brings the new fingerprint, which restarts this effect.
              refreshedFor = latest;
              router.refresh();
            }
          }
        } catch {
          // Offline for a moment or unmounted: the next tick tries again.
        }
      }
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
