"use client";

import { lazy, Suspense } from "react";
import { analyticsEnabled } from "@/lib/analytics/public-config";
import { ConsentBanner } from "./consent-banner";

/*
 * Page views and button clicks are not needed to paint the page, so their code loads after the
 * page's own (posthog-js itself only after consent, lib/analytics/track.ts).
 */
const AnalyticsTracker = lazy(() => import("./analytics-tracker").then((module) => ({ default: module.AnalyticsTracker })));

/**
 * Analytics in the browser: the cookie banner and, after consent, posthog-js and page views
 * (spec §7). Without NEXT_PUBLIC_POSTHOG_KEY nothing is collected, so there is no banner either.
 *
 * The banner is part of the page itself, not of the lazy boundary: a server render that finished
 * that boundary after the shell streams it outside its place, revealed a frame later, and until
 * then any context change above (next-themes reads the system theme on mount) makes React render
 * the boundary anew in the browser, beside the server copy still waiting to be revealed: two
 * banners, or none until the chunk arrives (issue 16).
 */
export function AnalyticsRoot() {
  if (!analyticsEnabled) return null;
  return (
    <>
      <ConsentBanner />
      <Suspense fallback={null}>
        <AnalyticsTracker />
      </Suspense>
    </>
  );
}
