/**
 * This app's settings of its Content-Security-Policy (content-security-policy.ts), one definition
 * for proxy.ts (per-request pages) and next.config.ts (the prerendered pages it serves without
 * the proxy), so both give the same policy. Relative imports: next.config.ts loads it outside
 * the bundler.
 */
import { analyticsEnabled, posthogPublicConfig } from "../analytics/public-config";
import { env } from "../env";

export const appPolicySettings = {
  development: env.NODE_ENV === "development",
  analyticsHost: analyticsEnabled ? posthogPublicConfig.host : undefined,
};
