import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
// Parsing the environment here makes a bad configuration fail the build.
import { env } from "./lib/env";

const nextConfig: NextConfig = {
  output: "standalone",
  distDir: env.NEXT_DIST_DIR,
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  experimental: {
    // createGenerationAction receives the upload as a data URL: up to the 20 MB upload limit,
    // base64-encoded (about 28 MB), plus the options.
    serverActions: { bodySizeLimit: "30mb" },
    // Action requests pass proxy.ts, which buffers bodies only up to this size (default 10 MB).
    proxyClientMaxBodySize: "30mb",
  },
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
