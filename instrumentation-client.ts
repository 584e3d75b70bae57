import { config } from "zod/v4/core";

/*
 * Runs in the browser before the app. zod compiles its object parsers with `new Function` where
 * eval is allowed and probes for that otherwise; under the pages' Content-Security-Policy (no
 * 'unsafe-eval', see proxy.ts) the probe is refused and reported as a policy violation. Without
 * the compiled fast path the parsers behave the same.
 */
config({ jitless: true });
