import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// Next.js's own step that adds a build folder's type paths to the tsconfig it builds with.
import { writeConfigurationDefaults } from "next/dist/lib/typescript/writeConfigurationDefaults";
import nextConfig from "@/next.config";

/**
 * `npm run bench` builds into its own NEXT_DIST_DIR; Next.js then rewrote the committed
 * tsconfig.json to add that folder's type paths. The configuration Next.js builds with must
 * come through that step unchanged, for any build folder.
 */
describe("building into another folder", () => {
  it.each([".next", ".next-bench", ".next-e2e"])("leaves the committed tsconfig files as they are (%s)", async (distDir) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "tsconfig-"));
    const buildConfig = nextConfig.typescript?.tsconfigPath ?? "tsconfig.json";
    for (const file of new Set(["tsconfig.json", buildConfig])) copyFileSync(file, path.join(folder, file));

    await writeConfigurationDefaults(ts.version, path.join(folder, buildConfig), false, true, distDir, false, false);

    for (const file of new Set(["tsconfig.json", buildConfig])) {
      expect(readFileSync(path.join(folder, file), "utf8"), file).toBe(readFileSync(file, "utf8"));
    }
  });
});
