import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
// Parsing the environment here makes a bad configuration fail the build.
import { env } from "./lib/env";
import { securityHeaders } from "./lib/security/security-headers";

const nextConfig: NextConfig = {
  output: "standalone",
  distDir: env.NEXT_DIST_DIR,
  // The on-device vision stack loads WebAssembly and model files from node_modules at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@vladmandic/human",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
  ],
  poweredByHeader: false,
  // Every response, static files included; proxy.ts replaces the policy of pages with one that
  // carries the request's script nonce.
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders({ production: env.NODE_ENV === "production" }) }];
  },
  experimental: {
    // createGenerationAction receives the upload as a data URL: up to the 20 MB upload limit,
    // base64-encoded (about 28 MB), plus the options.
    serverActions: { bodySizeLimit: "30mb" },
    // Action requests pass proxy.ts, which buffers bodies only up to this size (default 10 MB).
    proxyClientMaxBodySize: "30mb",
  },
};

export default createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  // The messages' ICU syntax is compiled when the app builds, so browsers get a small formatter
  // instead of an ICU parser (see lib/i18n/request.ts).
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
