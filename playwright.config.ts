import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys against a production build. scripts/e2e.mjs builds the app, picks a free
 * port and a fresh data folder, and passes them in E2E_PORT and E2E_DATA_DIR.
 */
const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `npx next start -H 127.0.0.1 -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR ?? "",
      NODE_ENV: "production",
    },
  },
});
