/**
 * The analytics events of spec §7, named and shaped once. The browser's `track` and the
 * server's `captureServerEvent` both take an event name from here and only the payload that
 * name allows, so a misspelt event or a missing field fails type-checking.
 */
export type SignInMethod = "password" | "google";

export interface AnalyticsEvents {
  page_view: { path: string; label?: string };
  content_viewed: { content_type: ContentType; content_name: string };
  sign_up: { user_id: string; email_domain: string; method: SignInMethod; signup_date: string };
  login: { user_id: string; method: SignInMethod };
  image_upload: { tool: string; file_size: number };
  purchase: { item_name: string; value: number; currency: string };
  button_click: { name: string; location: string };
  generation_completed: { generation_id: string; tool: string };
  generation_failed: { generation_id: string; tool: string; error_key: string };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

export type ContentType = "tool" | "dashboard" | "subscription" | "activity" | "gallery";

/** Path prefixes that also send content_viewed (spec §7), with the content type they stand for. */
const contentRoots: ReadonlyArray<{ root: string; type: ContentType }> = [
  { root: "/headshot-pro", type: "tool" },
  { root: "/ai-product", type: "tool" },
  { root: "/hair-changer", type: "tool" },
  { root: "/body-shaper", type: "tool" },
  { root: "/dashboard", type: "dashboard" },
  { root: "/subscription", type: "subscription" },
  { root: "/activity", type: "activity" },
  { root: "/gallery", type: "gallery" },
];

export function pageViewEvent(path: string): AnalyticsEvents["page_view"] {
  return path === "/" ? { path, label: "Home Page" } : { path };
}

/** content_viewed for a tool, dashboard, subscription, activity or gallery path; null elsewhere. */
export function contentViewedEvent(path: string): AnalyticsEvents["content_viewed"] | null {
  const match = contentRoots.find(({ root }) => path === root || path.startsWith(`${root}/`));
  if (!match) return null;
  // The first segment names the content: the tool, or the page ("gallery", "activity", ...).
  return { content_type: match.type, content_name: match.root.slice(1) };
}

/** Only the domain: the full address stays out of analytics. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}
