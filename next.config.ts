import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
// Parsing the environment here makes a bad configuration fail the build.
import { env } from "./lib/env";
import { MAX_ACTION_BODY_BYTES } from "./lib/images/limits";
import { prerenderedPageHeaders, prerenderedPageRewrites } from "./lib/routing/public-pages";
import { appPolicySettings } from "./lib/security/app-policy-settings";
import { staticPageContentSecurityPolicy } from "./lib/security/content-security-policy";
import { securityHeaders } from "./lib/security/security-headers";

const nextConfig: NextConfig = {
  output: "standalone",
  distDir: env.NEXT_DIST_DIR,
  // The on-device vision stack (and OpenCV's WebAssembly build) loads from node_modules at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@vladmandic/human",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
    "@techstark/opencv-js",
  ],
  poweredByHeader: false,
  // Next.js hashes the whole HTML of a prerendered page, in JavaScript, on every request to give
  // it an ETag: an eighth of the server's time per request to / (issue 16). Those pages change at
  // most every few minutes, and a browser asking again gets them in full.
  generateEtags: false,
  // `npm run dev` opened at a loopback address instead of "localhost" (which Next.js always allows)
  // must still load the dev server's own scripts, or pages never hydrate.
  allowedDevOrigins: ["127.0.0.1", "[::1]"],
  // Next.js adds its build folder's type paths to the tsconfig it builds with and rewrites the
  // file, unless that file extends another: tsconfig.build.json only extends tsconfig.json, so
  // a build into any NEXT_DIST_DIR (the benchmarks' own) leaves the committed tsconfig alone.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  // The prerendered pages of signed-out visitors of /, /headshot-pro and /auth, whether proxy.ts
  // saw the request or not (lib/routing/public-pages.ts).
  async rewrites() {
    return { beforeFiles: prerenderedPageRewrites, afterFiles: [], fallback: [] };
  },
  // Every response, static files included; proxy.ts replaces the policy of the pages it sees with
  // one that carries the request's script nonce, and the prerendered pages it does not see get
  // theirs here (NEXT_PUBLIC_ settings, fixed at build time like the pages' scripts). No source
  // names a parameter: Next.js would compile each header value with it on every request.
  async headers() {
    return [
      { source: "/(.*)", headers: securityHeaders({ production: env.NODE_ENV === "production" }) },
      ...prerenderedPageHeaders(staticPageContentSecurityPolicy(appPolicySettings)),
    ];
  },
  experimental: {
    // Each route group has its own root layout (app/site-document.tsx), so unknown addresses
    // get their page from app/global-not-found.tsx.
    globalNotFound: true,
    // Pages regenerated while the server runs stay in its memory: /auth's forms are rendered on
    // their first request with this server's Google setting, which a restart may change.
    isrFlushToDisk: false,
    // The prerendered pages' script files carry integrity hashes (lib/security/content-security-policy.ts).
    sri: { algorithm: "sha256" },
    // createGenerationAction receives the upload as a data URL: up to the 20 MB upload limit,
    // base64-encoded (about 28 MB), plus the options. proxy.ts answers larger action requests
    // with 'File Too Large' before Next.js would cut their bodies (lib/api/request-size.ts).
    serverActions: { bodySizeLimit: MAX_ACTION_BODY_BYTES },
    // Action requests pass proxy.ts, which buffers bodies only up to this size (default 10 MB).
    proxyClientMaxBodySize: MAX_ACTION_BODY_BYTES,
  },
};

export default createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  // The messages' ICU syntax is compiled when the app builds, so browsers get a small formatter
  // instead of an ICU parser (see lib/i18n/request.ts).
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
