import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fakeGoogleClient } from "./tests/fakes/fake-google-client";
import { e2eHostedCredentials } from "./tests/fakes/hosted/e2e-credentials";

/**
 * Browser journeys against a production build. scripts/e2e.mjs builds the app, picks a free
 * port and a fresh data folder, and passes them in E2E_PORT and E2E_DATA_DIR.
 */
const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const e2eWebhookSecret = "whsec_e2e_only_not_a_real_secret";
/** Signs the session cookies of the e2e servers (production refuses to start without one). */
export const e2eAuthSecret = "e2e-only-auth-secret-not-for-production-0123";

/**
 * Journeys that need mail or Google (tests/e2e/accounts-mail.spec.ts, project "accounts-mail")
 * run against a second server of the same build, configured with SMTP and Google pointing at
 * the fakes of tests/fakes/start-fakes.ts. It is addressed as "localhost" because Next.js hands
 * route handlers loopback URLs as localhost, and OAuth needs the same origin at both ends.
 * Its Body Shaper runs on the webhook engine against the fakes' always-failing image webhook,
 * so tests/e2e/flows.spec.ts can show a failed generation and its refund; every other tool,
 * and all tools of the main server, use the preview engine (see previewEngineEnv below).
 */
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1);
export const mailAppURL = `http://localhost:${mailPort}`;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2);
const fakesPort = Number(process.env.E2E_FAKES_PORT ?? port + 3);
export const fakesURL = `http://127.0.0.1:${fakesPort}`;
const mailSpec = /accounts-mail\.spec\.ts/;
const mailDataDir = path.join(process.env.E2E_DATA_DIR || ".data", "e2e-accounts-mail");

/**
 * The results journeys (tests/e2e/results.spec.ts, project "results") need generations with
 * images before any tool page exists. They run against a third server of the same build on
 * PostgreSQL (E2E_RESULTS_DATABASE_URL, created by scripts/e2e.mjs when TEST_DATABASE_URL is
 * set) whose own worker is off: a test starts generations with lib/generation's
 * createGeneration, as the tools' server action does, and runs `npm run worker` (scripts/
 * worker.ts) when the queue should move, so work "in progress" can be seen on purpose.
 * Without PostgreSQL the project uses the main server and skips the journeys that need it.
 */
export const resultsDatabaseUrl = process.env.E2E_RESULTS_DATABASE_URL || undefined;
const resultsPort = Number(process.env.E2E_RESULTS_PORT ?? port + 4);
const resultsAppURL = `http://127.0.0.1:${resultsPort}`;
const resultsSpec = /results\.spec\.ts/;
export const resultsDataDir = path.join(process.env.E2E_DATA_DIR || ".data", "e2e-results");

/**
 * The journeys about flows, billing, accounts and results run on the fast preview engine: they
 * test the app, not the pictures. The local engine's journeys (tests/e2e/local-engine.spec.ts,
 * project "local-engine") run against a fourth server of the same build with the default image
 * configuration (IMAGE_ENGINE unset: the local engine, on-device models).
 */
export const previewEngineEnv = { IMAGE_ENGINE: "preview" } as const;
const localPort = Number(process.env.E2E_LOCAL_PORT ?? port + 12);
const localAppURL = `http://127.0.0.1:${localPort}`;
const localSpec = /local-engine\.spec\.ts/;
const localDataDir = path.join(process.env.E2E_DATA_DIR || ".data", "e2e-local-engine");

/**
 * The hosted-model journeys (tests/e2e/hosted-engines.spec.ts, project "hosted-engines") run
 * Headshot Pro and Hair Changer on each hosted engine: one server of the same build per engine
 * (IMAGE_ENGINE=replicate, fal or gemini), each pointed by its documented base-URL setting at
 * the stand-ins of tests/fakes/start-hosted-fakes.ts, which call the server back with signed
 * webhooks at its own origin.
 */
export const hostedEngines = ["replicate", "fal", "gemini"] as const;
export const retiredGeminiModel = "gemini-2.5-flash-image";
export type HostedEngine = (typeof hostedEngines)[number];
const hostedSpec = /hosted-engines\.spec\.ts/;
const hostedFakesPort = Number(process.env.E2E_HOSTED_FAKES_PORT ?? port + 5);
export const hostedFakesURL = `http://127.0.0.1:${hostedFakesPort}`;
const standInPorts: Record<HostedEngine, number> = {
  replicate: Number(process.env.E2E_REPLICATE_PORT ?? port + 6),
  fal: Number(process.env.E2E_FAL_PORT ?? port + 7),
  gemini: Number(process.env.E2E_GEMINI_PORT ?? port + 8),
};
const hostedAppPorts: Record<HostedEngine, number> = {
  replicate: Number(process.env.E2E_HOSTED_REPLICATE_PORT ?? port + 9),
  fal: Number(process.env.E2E_HOSTED_FAL_PORT ?? port + 10),
  gemini: Number(process.env.E2E_HOSTED_GEMINI_PORT ?? port + 11),
};
export const hostedAppURL = (engine: HostedEngine) => `http://127.0.0.1:${hostedAppPorts[engine]}`;
const standIn = (engine: HostedEngine) => `http://127.0.0.1:${standInPorts[engine]}`;
const hostedEngineEnv: Record<HostedEngine, Record<string, string>> = {
  replicate: { REPLICATE_API_TOKEN: e2eHostedCredentials.replicateToken, REPLICATE_BASE_URL: `${standIn("replicate")}/v1` },
  fal: {
    FAL_KEY: e2eHostedCredentials.falKey,
    FAL_QUEUE_URL: standIn("fal"),
    FAL_WEBHOOK_JWKS_URL: `${standIn("fal")}/.well-known/jwks.json`,
    FAL_API_URL: `${standIn("fal")}/v1`,
  },
  // Body Shaper stays on gemini-2.5-flash-image, which Google shut down (the stand-in answers 404):
  // its pages must say it is unavailable and refuse before taking credits.
  gemini: { GEMINI_API_KEY: e2eHostedCredentials.geminiKey, GEMINI_BASE_URL: standIn("gemini"), GEMINI_MODEL_BODY_SHAPER: retiredGeminiModel },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One spec file at a time. Two at a time took CI from 29 to 24.5 minutes on a quiet machine, but
  // on a slow one (the Vitest step 1.7x its usual time) four journeys' 10 s waits ran out with two
  // browsers and seven servers sharing two cores, and all of them passed when run alone.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/e2e.json" }]],
  use: {
    baseURL,
    // The build has analytics on (scripts/e2e.mjs); every visitor has declined it, except in
    // the cookie banner tests, which start without an answer.
    storageState: {
      cookies: ["127.0.0.1", "localhost"].map((domain) => ({
        name: "analytics_consent",
        value: "denied",
        domain,
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: "Lax" as const,
      })),
      origins: [],
    },
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
  projects: [
    { name: "chromium", testIgnore: [mailSpec, resultsSpec, localSpec, hostedSpec], use: { ...devices["Desktop Chrome"] } },
    {
      name: "results",
      testMatch: resultsSpec,
      use: { ...devices["Desktop Chrome"], baseURL: resultsDatabaseUrl ? resultsAppURL : baseURL },
    },
    { name: "accounts-mail", testMatch: mailSpec, use: { ...devices["Desktop Chrome"], baseURL: mailAppURL } },
    // Real image work on a shared 2-core machine: each journey gets more time.
    { name: "local-engine", testMatch: localSpec, timeout: 180_000, use: { ...devices["Desktop Chrome"], baseURL: localAppURL } },
    { name: "hosted-engines", testMatch: hostedSpec, use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: [
    {
      command: `npx next start -H 127.0.0.1 -p ${port}`,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        DATA_DIR: process.env.E2E_DATA_DIR ?? "",
        NODE_ENV: "production",
        APP_URL: baseURL,
        // Decision 8: a production build without Stripe pays through the built-in test checkout.
        ALLOW_TEST_CHECKOUT: "true",
        // Lets the tests check that the webhook refuses forged signatures.
        STRIPE_WEBHOOK_SECRET: e2eWebhookSecret,
        AUTH_SECRET: e2eAuthSecret,
        // Every test signs up from 127.0.0.1; the per-IP limit is covered by integration tests.
        AUTH_MAX_ATTEMPTS_PER_IP: "100000",
        ...previewEngineEnv,
      },
    },
    {
      command: `npx next start -H 127.0.0.1 -p ${localPort}`,
      url: `${localAppURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        DATA_DIR: localDataDir,
        NODE_ENV: "production",
        APP_URL: localAppURL,
        ALLOW_TEST_CHECKOUT: "true",
        AUTH_SECRET: e2eAuthSecret,
        AUTH_MAX_ATTEMPTS_PER_IP: "100000",
      },
    },
    {
      command: "npx tsx tests/fakes/start-fakes.ts",
      url: `${fakesURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_FAKES_PORT: String(fakesPort) },
    },
    {
      command: `npx next start -H 127.0.0.1 -p ${mailPort}`,
      url: `http://127.0.0.1:${mailPort}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        DATA_DIR: mailDataDir,
        NODE_ENV: "production",
        APP_URL: mailAppURL,
        AUTH_SECRET: e2eAuthSecret,
        AUTH_MAX_ATTEMPTS_PER_IP: "100000",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMAIL_FROM: "AI Image Studio <no-reply@example.test>",
        AUTH_GOOGLE_ID: fakeGoogleClient.id,
        AUTH_GOOGLE_SECRET: fakeGoogleClient.secret,
        AUTH_GOOGLE_ISSUER: `${fakesURL}/oidc`,
        ...previewEngineEnv,
        IMAGE_ENGINE_BODY_SHAPER: "webhook",
        WEBHOOK_URL_BODY_SHAPER: `${fakesURL}/image-webhook`,
      },
    },
    {
      command: "npx tsx tests/fakes/start-hosted-fakes.ts",
      url: `${hostedFakesURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        E2E_HOSTED_FAKES_PORT: String(hostedFakesPort),
        E2E_REPLICATE_PORT: String(standInPorts.replicate),
        E2E_FAL_PORT: String(standInPorts.fal),
        E2E_GEMINI_PORT: String(standInPorts.gemini),
      },
    },
    ...hostedEngines.map((engine) => ({
      command: `npx next start -H 127.0.0.1 -p ${hostedAppPorts[engine]}`,
      url: `${hostedAppURL(engine)}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      env: {
        DATA_DIR: path.join(process.env.E2E_DATA_DIR || ".data", `e2e-hosted-${engine}`),
        NODE_ENV: "production",
        APP_URL: hostedAppURL(engine),
        AUTH_SECRET: e2eAuthSecret,
        AUTH_MAX_ATTEMPTS_PER_IP: "100000",
        IMAGE_ENGINE: engine,
        // The stand-ins serve their result images on loopback.
        WEBHOOK_ALLOW_PRIVATE_URLS: "true",
        PREDICTION_POLL_INTERVAL_MS: "5000",
        ...hostedEngineEnv[engine],
      },
    })),
    ...(resultsDatabaseUrl
      ? [
          {
            command: `npx next start -H 127.0.0.1 -p ${resultsPort}`,
            url: `${resultsAppURL}/api/health`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: "pipe" as const,
            env: {
              DATABASE_URL: resultsDatabaseUrl,
              DATA_DIR: resultsDataDir,
              NODE_ENV: "production",
              APP_URL: resultsAppURL,
              ALLOW_TEST_CHECKOUT: "true",
              AUTH_SECRET: e2eAuthSecret,
              AUTH_MAX_ATTEMPTS_PER_IP: "100000",
              // The queue moves only when a test runs scripts/worker.ts.
              WORKER_ENABLED: "false",
              ...previewEngineEnv,
            },
          },
        ]
      : []),
  ],
});
