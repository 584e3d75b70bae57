import type { PostHogConfig } from "posthog-js";

/**
 * posthog-js settings (spec §9 as amended by decision 14). Autocapture only sees clicks, changes
 * and submits on our own pages; page views are sent by us on every path change. Session replay
 * masks every input (passwords and emails included), records no request headers or bodies (so
 * no cookies or authorization headers), nothing inside cross-origin iframes, and blocks images,
 * so private photos never leave the browser.
 */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function posthogOptions(host: string, origin: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    capture_pageview: false,
    capture_pageleave: false,
    person_profiles: "identified_only",
    autocapture: {
      dom_event_allowlist: ["click", "change", "submit"],
      url_allowlist: [new RegExp(`^${escapeRegExp(origin)}(/|$)`)],
    },
    mask_all_element_attributes: false,
    session_recording: {
      maskAllInputs: true,
      maskInputOptions: { password: true, email: true },
      blockSelector: "img, picture, video, canvas, svg image, [data-private]",
      recordHeaders: false,
      recordBody: false,
      recordCrossOriginIframes: false,
    },
  };
}
