import { resourceContentSecurityPolicy } from "./content-security-policy";

/**
 * Headers for every response, set by next.config.ts headers(). Pages get their own
 * Content-Security-Policy from proxy.ts, which replaces this one (proxy headers win).
 */

/** Two years, the usual HSTS lifetime; no `preload`, which is a commitment the deployer makes. */
const strictTransportSecurity = "max-age=63072000; includeSubDomains";

/** Browser features no page uses. Only names Chromium knows: others log console errors. */
const permissionsPolicy = ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]
  .map((feature) => `${feature}=()`)
  .join(", ");

export function securityHeaders({ production }: { production: boolean }): { key: string; value: string }[] {
  return [
    { key: "Content-Security-Policy", value: resourceContentSecurityPolicy },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: permissionsPolicy },
    { key: "X-Frame-Options", value: "DENY" },
    // `next dev` serves plain http on localhost, where a remembered HSTS entry only gets in the way.
    ...(production ? [{ key: "Strict-Transport-Security", value: strictTransportSecurity }] : []),
  ];
}
