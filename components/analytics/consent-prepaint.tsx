import { consentCookieName } from "@/lib/analytics/consent";
import { analyticsEnabled } from "@/lib/analytics/public-config";

/** Runs before the first paint: marks the document when the visitor has answered the banner. */
const markAnswered = `if(/(?:^|;\\s*)${consentCookieName}=(?:granted|denied)(?:;|$)/.test(document.cookie))document.documentElement.setAttribute("data-consent-answered","")`;

/**
 * The cookie banner is in every page's server HTML (the prerendered pages are the same for
 * everyone), so it paints with the page instead of arriving late after hydration. For visitors
 * who already answered, this script and globals.css hide it before it is ever painted; once
 * the page is interactive the banner's own state takes over (consent-banner.tsx).
 */
export function ConsentPrepaint({ nonce }: { nonce: string | undefined }) {
  if (!analyticsEnabled) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: markAnswered }} />;
}
