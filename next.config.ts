import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
// Parsing the environment here makes a bad configuration fail the build.
import { env } from "./lib/env";

const nextConfig: NextConfig = {
  output: "standalone",
  distDir: env.NEXT_DIST_DIR,
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
