import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
// Parsing the environment here makes a bad configuration fail the build.
import "./lib/env";

const nextConfig: NextConfig = {
  output: "standalone",
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
};

export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
