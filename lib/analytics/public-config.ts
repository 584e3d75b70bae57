/**
 * The only place outside lib/env.ts that reads process.env, and on purpose: Next.js inlines a
 * NEXT_PUBLIC_* variable into browser code only where it is written out literally as
 * `process.env.NEXT_PUBLIC_X`, and lib/env.ts (which parses the whole environment, secrets
 * included) must not be bundled for the browser. lib/env.ts still validates both variables, so
 * a bad value fails the build. The values are fixed at build time.
 */
export const defaultPosthogHost = "https://eu.i.posthog.com";

export const posthogPublicConfig: { key: string | undefined; host: string } = {
  key: process.env.NEXT_PUBLIC_POSTHOG_KEY || undefined,
  host: process.env.NEXT_PUBLIC_POSTHOG_HOST || defaultPosthogHost,
};

/** Without a key nothing is collected, so there is nothing to ask consent for. */
export const analyticsEnabled = posthogPublicConfig.key !== undefined;
