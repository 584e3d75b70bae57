"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { contentViewedEvent, pageViewEvent } from "@/lib/analytics/events";
import { startAnalytics, stopAnalytics, track } from "@/lib/analytics/track";
import { useConsent } from "./use-consent";

/**
 * Analytics in the browser (analytics-root.tsx loads it): loading posthog-js after consent, and a
 * page view (plus content_viewed for tool and account pages) on every path change (spec §7).
 */
export function AnalyticsTracker() {
  const pathname = usePathname();
  const consent = useConsent();

  useEffect(() => {
    if (consent === "denied") stopAnalytics();
    if (consent !== "granted") return;
    // Also runs right after "Accept", so the page the visitor is on is counted.
    void startAnalytics();
    track("page_view", pageViewEvent(pathname));
    const content = contentViewedEvent(pathname);
    if (content) track("content_viewed", content);
  }, [consent, pathname]);

  useEffect(() => {
    // Buttons opt in with data-analytics-button="name" (and optionally data-analytics-location).
    function onClick(event: MouseEvent) {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-analytics-button]") : null;
      if (!button?.dataset.analyticsButton) return;
      track("button_click", { name: button.dataset.analyticsButton, location: button.dataset.analyticsLocation ?? window.location.pathname });
    }
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  return null;
}
