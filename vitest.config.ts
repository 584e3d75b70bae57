import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const shared = {
  environment: "node" as const,
  setupFiles: [path.join(root, "tests/setup.ts")],
};

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Next.js resolves "server-only" to an empty module on the server; so do the tests.
      "server-only": path.join(root, "tests/helpers/empty-module.ts"),
    },
  },
  test: {
    // One worker per core, not Vitest's default of one fewer: the test files mostly wait (on
    // PostgreSQL, child processes, scrypt's thread pool), so on CI's 2 cores a second worker
    // halves the wall time for the same CPU time.
    maxWorkers: os.availableParallelism(),
    projects: [
      { extends: true, test: { ...shared, name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          ...shared,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Migrates once per run; every test database starts as a copy (tests/helpers/test-db.ts).
          globalSetup: [path.join(root, "tests/helpers/database-templates.ts")],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // next-auth imports "next/server" without an extension, which Node's ESM loader cannot
          // resolve; bundled by Vite instead, the account tests can run the real Auth.js.
          server: { deps: { inline: ["next-auth"] } },
        },
      },
    ],
  },
});
