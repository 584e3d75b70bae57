"use client";

import { lazy, Suspense } from "react";
import { analyticsEnabled } from "@/lib/analytics/public-config";

/*
 * Nothing of it is needed to paint the page (the banner waits for the browser to read the
 * stored choice anyway), so its code loads after the page's own. posthog-js itself still
 * loads only after consent (lib/analytics/track.ts).
 */
const EnabledAnalytics = lazy(() => import("./enabled-analytics").then((module) => ({ default: module.EnabledAnalytics })));

/**
 * Analytics in the browser: the cookie banner, posthog-js after consent, and page views (spec §7).
 * Without NEXT_PUBLIC_POSTHOG_KEY nothing is collected, so there is no banner either.
 */
export function AnalyticsRoot() {
  if (!analyticsEnabled) return null;
  return (
    <Suspense fallback={null}>
      <EnabledAnalytics />
    </Suspense>
  );
}
