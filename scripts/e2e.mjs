// Runs the Playwright journeys against a fresh production build in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(
    `No Chromium at ${chromePath}. Install it with \`sudo apt-get install -y chromium\` ` +
      "or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
  process.exit(1);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The build has analytics switched on (the key is inlined at build time) so the cookie banner
 * can be tested; PostHog itself is never reached: other tests answer the banner with "denied"
 * (playwright.config.ts) and the banner tests intercept the host in the browser.
 */
const analyticsEnv = {
  NEXT_PUBLIC_POSTHOG_KEY: process.env.NEXT_PUBLIC_POSTHOG_KEY ?? "phc_e2e_test_key",
  NEXT_PUBLIC_POSTHOG_HOST: process.env.NEXT_PUBLIC_POSTHOG_HOST ?? "https://posthog.e2e.invalid",
};
/**
 * Server secrets the build can see and the browser must never get: tests/e2e/security-bundle.spec.ts
 * looks for these values (and for every server variable's name) in the built client chunks.
 * None of them changes what is built; the servers get their own configuration at start.
 */
const buildSecretMarkers = {
  AUTH_SECRET: "bundle-marker-auth-secret-0123456789abcdef",
  AUTH_GOOGLE_SECRET: "bundle-marker-google-client-secret",
  STRIPE_SECRET_KEY: "sk_test_bundle_marker_stripe_key",
  STRIPE_WEBHOOK_SECRET: "whsec_bundle_marker_webhook",
  FILES_SIGNING_SECRET: "bundle-marker-files-signing-secret-0123456789",
  S3_SECRET_ACCESS_KEY: "bundle-marker-s3-secret-access-key",
  WEBHOOK_SECRET: "bundle-marker-image-webhook-secret",
  OPENAI_API_KEY: "sk-bundle-marker-openai-key",
  REPLICATE_API_TOKEN: "r8_bundle_marker_replicate_token",
  REPLICATE_WEBHOOK_SECRET: "whsec_bundle_marker_replicate",
  FAL_KEY: "bundle-marker-fal-key:secret",
  GEMINI_API_KEY: "bundle-marker-gemini-api-key",
  POSTHOG_KEY: "phc_bundle_marker_server_key",
};
if (process.env.E2E_SKIP_BUILD !== "1") run("npx", ["next", "build"], { ...process.env, ...analyticsEnv, ...buildSecretMarkers });

const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const port = await freePort();
const resultsPort = await freePort();

/**
 * The results journeys need a PostgreSQL database shared by their app server and the worker
 * and generation processes the tests start (playwright.config.ts). With TEST_DATABASE_URL a
 * throw-away one is created next to the integration tests' ones and dropped afterwards.
 */
async function createResultsDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || process.env.E2E_RESULTS_DATABASE_URL) return undefined;
  const { default: postgres } = await import("postgres");
  const name = `e2e_results_${Math.floor(Date.now() / 1000)}_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}
const resultsDatabase = await createResultsDatabase();
// A second app server with SMTP and a fake Google, and the fakes themselves (playwright.config.ts).
const [mailPort, smtpPort, fakesPort] = [await freePort(), await freePort(), await freePort()];
// A fourth app server on the default image configuration, for the local engine's journeys.
const localPort = await freePort();
// The hosted-model journeys: their stand-ins and one app server per hosted engine (playwright.config.ts).
const hostedPorts = {
  E2E_HOSTED_FAKES_PORT: await freePort(),
  E2E_REPLICATE_PORT: await freePort(),
  E2E_FAL_PORT: await freePort(),
  E2E_GEMINI_PORT: await freePort(),
  E2E_HOSTED_REPLICATE_PORT: await freePort(),
  E2E_HOSTED_FAL_PORT: await freePort(),
  E2E_HOSTED_GEMINI_PORT: await freePort(),
};
const extraArgs = process.argv.slice(2);
const result = spawnSync("npx", ["playwright", "test", ...extraArgs], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...analyticsEnv,
    E2E_BUILD_SECRET_MARKERS: JSON.stringify(Object.values(buildSecretMarkers)),
    E2E_PORT: String(port),
    E2E_MAIL_PORT: String(mailPort),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_FAKES_PORT: String(fakesPort),
    E2E_DATA_DIR: dataDir,
    E2E_RESULTS_PORT: String(resultsPort),
    E2E_LOCAL_PORT: String(localPort),
    ...Object.fromEntries(Object.entries(hostedPorts).map(([name, value]) => [name, String(value)])),
    ...(resultsDatabase ? { E2E_RESULTS_DATABASE_URL: resultsDatabase.url } : {}),
    CHROME_PATH: chromePath,
  },
});
await resultsDatabase?.drop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
