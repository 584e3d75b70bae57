"use client";

import { useFingerprintPolling } from "@/components/use-fingerprint-polling";

/**
 * Keeps every open tab of the user current with their money (issue 15 story 9): a payment
 * confirmed in the checkout's tab, a plan change, a top-up or a spend shows in this tab's
 * balance, plan and buttons within seconds, without a reload. While the tab is visible it
 * polls the account fingerprint (GET /api/account/fingerprint) every 3 seconds and refreshes
 * the page when it differs from the one the page was rendered with; a tab that notices a
 * change tells the others at once through a BroadcastChannel, and a tab coming back into view
 * checks at once.
 */
export function AccountLiveUpdates({ fingerprint }: { fingerprint: string }) {
  useFingerprintPolling("/api/account/fingerprint", fingerprint, 3000, {
    channelName: "ai-image-studio:account",
    checkWhenShown: true,
  });
  return null;
}
