"use client";

import { useFingerprintPolling } from "@/components/use-fingerprint-polling";

/**
 * Keeps /activity current without a reload (spec §4: the list refreshes when generations
 * change): every 2 seconds while the tab is visible it asks for the fingerprint of the user's
 * generations and refreshes the page when it differs from the one the page was rendered with,
 * so a running generation moves from In Progress to Generated Images by itself.
 */
export function ActivityLiveUpdates({ fingerprint }: { fingerprint: string }) {
  useFingerprintPolling("/api/activity/fingerprint", fingerprint, 2000);
  return null;
}
