import { z } from "zod";

/**
 * The only reader of process.env. Every variable is optional and has an embedded default,
 * so `npm run dev` works on a fresh machine; next.config.ts imports this so a bad value
 * fails the build instead of a request.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const flag = (fallback: "true" | "false") => z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default(fallback));
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
export const imageEngineNames = ["local", "preview", "webhook", "openai", "replicate", "fal", "gemini"] as const;
const optionalEngine = z.preprocess(emptyToUndefined, z.enum(imageEngineNames).optional());
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

/** A variable holding JSON, parsed for its schema (text that is not JSON stays text and fails it). */
const parsedJson = (value: unknown) => {
  if (value === undefined || value === "") return undefined;
  try {
    return typeof value === "string" ? JSON.parse(value) : value;
  } catch {
    return value;
  }
};

/** A JSON object (a model's input template); a value that is not one fails the build. */
const optionalJsonObject = z.preprocess(parsedJson, z.record(z.string(), z.unknown()).optional());

/** A price of a hosted model in USD (lib/generation/engines/hosted/model-prices.ts). */
const modelPrice = z.union([
  z.strictObject({ perImage: z.number().nonnegative() }),
  z.strictObject({ perSecond: z.number().nonnegative() }),
  z.strictObject({ perMillionInputTokens: z.number().nonnegative(), perMillionOutputTokens: z.number().nonnegative() }),
]);

/** MODEL_PRICES: JSON, "<engine>:<model>" → a price; anything else fails the build. */
const modelPrices = z.preprocess(parsedJson, z.record(z.string().regex(/^[a-z]+:.+$/), modelPrice).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Set by Next.js while `next build` runs: nothing may open the database then. */
  NEXT_PHASE: z.string().optional(),
  /** Build output folder (default .next); lets several builds of one checkout live side by side. */
  NEXT_DIST_DIR: z.preprocess(emptyToUndefined, z.string().regex(/^\.next[\w-]*$/).default(".next")),
  /** PostgreSQL connection string; unset means embedded PGlite under DATA_DIR/db. */
  DATABASE_URL: optionalUrl,
  /** The one folder for local state (embedded database, stored files). */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
  /** Public origin of the app, used in links sent by email and to payment providers. */
  APP_URL: z.preprocess(emptyToUndefined, z.url().default("http://localhost:3000")),
  /** Apply pending database migrations when the server starts (default true). */
  MIGRATE_ON_START: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  /** Seed the examples gallery when the server starts and the table is empty (default true). */
  SEED_ON_START: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  /**
   * Key for the signed file URLs of the local storage backend (at least 32 characters). Unset:
   * a random key is created once in DATA_DIR/secrets, so no guessable default exists.
   */
  FILES_SIGNING_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** S3-compatible bucket for images; unset keeps them on local disk in DATA_DIR/files. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Endpoint of a non-AWS S3 service (MinIO, R2, ...); unset means AWS itself. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  /** Both or neither; neither uses the AWS default credential chain (instance roles). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted services need. */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  /** Time limit of one storage request (S3, and a job's reads and writes on any storage), in ms. */
  STORAGE_TIMEOUT_MS: wholeNumber(1000, 300_000, 20_000),
  /**
   * Signs and encrypts session cookies. Unset in development and tests: a fixed dev-only value,
   * so `npm run dev` works with no setup. Unset in production: the server refuses to start.
   * Generate one with `openssl rand -base64 33`.
   */
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * Trust the Host / X-Forwarded-Host headers for Auth.js callback URLs (default true: the app is
   * self-hosted, usually behind a reverse proxy). Links in emails always use APP_URL.
   */
  AUTH_TRUST_HOST: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  /** Read by Auth.js itself (validated here only): a fixed public origin for its endpoints. */
  AUTH_URL: optionalUrl,
  /** Google sign-in; the Google button appears only when both are set. */
  AUTH_GOOGLE_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  AUTH_GOOGLE_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** OpenID issuer used for "Google" instead of accounts.google.com (tests use a local stand-in). */
  AUTH_GOOGLE_ISSUER: optionalUrl,
  /**
   * Failed sign-ins, sign-ups and account emails allowed per IP address in 15 minutes, across all
   * emails (default 30). Raise it when many users share one address. Per email the limits are
   * fixed (lib/auth/rate-limit.ts): 5 failures from one address, then doubling waits; 50 from all.
   */
  AUTH_MAX_ATTEMPTS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  /**
   * Reverse proxies in front of the app whose X-Forwarded-For entries are believed (default 0:
   * none, the connection's own address is the client's). With 1, the right-most entry, added by
   * the one trusted proxy; with 2, the one before it, and so on. Anything further left is written
   * by the client and ignored. Set it to exactly the number of proxies that append to the header.
   */
  TRUSTED_PROXY_HOPS: wholeNumber(0, 10, 0),
  /**
   * Outgoing mail, e.g. smtp://user:pass@smtp.example.com:587 or smtps://...:465. Unset: sign-up
   * needs no email confirmation and links (confirmation, password reset) go to the server log.
   */
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of the app's emails. */
  EMAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("AI Image Studio <no-reply@localhost>")),
  /** Stripe secret key (sk_...). Unset: no real payments; see ALLOW_TEST_CHECKOUT. */
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Signing secret of the webhook endpoint /api/stripe/webhook (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Where the Stripe SDK sends API calls; only for a local fake or stripe-mock in tests. */
  STRIPE_API_HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_API_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyToUndefined, z.enum(["http", "https"]).optional()),
  /**
   * Stripe price ids for the plans, as "starter_monthly=price_1,pro_yearly=price_2,...". Plans
   * without one are charged with an inline price from the catalogue; the Customer Portal can
   * only switch between plans that have price ids.
   */
  STRIPE_PLAN_PRICE_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*(starter|pro|advanced)_(monthly|yearly)=[\w-]+\s*(,\s*(starter|pro|advanced)_(monthly|yearly)=[\w-]+\s*)*$/)
      .optional(),
  ),
  /**
   * Decision 8: the built-in test checkout is used when Stripe is not configured outside
   * production; "true" also allows it in production (browser tests against a production build).
   */
  ALLOW_TEST_CHECKOUT: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  /** How often each server refreshes the monthly credits of yearly plans; 0 turns it off. */
  BILLING_REFRESH_INTERVAL_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(60)),
  /** How often each server deletes uploaded originals older than 30 days (decision 12); 0 turns it off. */
  RETENTION_INTERVAL_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(60)),
  /**
   * How often each server deletes stored files no row points to (left by a crash between storing
   * a file and committing its row) once they are an hour old; 0 turns it off (default daily).
   */
  FILE_SWEEP_INTERVAL_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1440)),
  /**
   * How often each server sends the money refunds paid orders are owed and deletes unpaid
   * orders older than 24 hours with their photos (decision 19, issue 15); 0 turns it off.
   */
  ORDERS_INTERVAL_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1)),
  // Generation jobs (decision 10). Workers share the queue in the database.
  /** Run a generation worker inside each app server (default true). */
  WORKER_ENABLED: flag("true"),
  /** Jobs one worker runs at the same time (default 2). */
  WORKER_CONCURRENCY: wholeNumber(1, 32, 2),
  /** How often an idle worker looks for new jobs, in milliseconds (default 250). */
  WORKER_POLL_INTERVAL_MS: wholeNumber(20, 10_000, 250),
  /** How long a claimed job stays with its worker without a heartbeat, in ms (default 30000). */
  WORKER_LEASE_MS: wholeNumber(500, 600_000, 30_000),
  /** Starts of one job (a worker died each time) before it fails and refunds (default 3). */
  WORKER_MAX_ATTEMPTS: wholeNumber(1, 10, 3),

  // Image engines (decisions 11, 21): local (on-device models, default), preview (fast sharp
  // effects, for tests), webhook or openai; per tool overridable.
  IMAGE_ENGINE: z.preprocess(emptyToUndefined, z.enum(imageEngineNames).default("local")),
  IMAGE_ENGINE_HEADSHOT_PRO: optionalEngine,
  IMAGE_ENGINE_AI_PRODUCT: optionalEngine,
  IMAGE_ENGINE_HAIR_CHANGER: optionalEngine,
  IMAGE_ENGINE_BODY_SHAPER: optionalEngine,
  IMAGE_ENGINE_EDIT: optionalEngine,
  /** Where the webhook engine POSTs each tool's request (spec §7 bodies). */
  WEBHOOK_URL_HEADSHOT_PRO: optionalUrl,
  WEBHOOK_URL_AI_PRODUCT: optionalUrl,
  WEBHOOK_URL_HAIR_CHANGER: optionalUrl,
  WEBHOOK_URL_BODY_SHAPER: optionalUrl,
  WEBHOOK_URL_EDIT: optionalUrl,
  /** Sent as the X-Webhook-Secret header so the receiver can tell our calls from others. */
  WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** Let engines' image URLs point at private networks (loopback, LAN); only for local fakes. */
  WEBHOOK_ALLOW_PRIVATE_URLS: flag("false"),
  /** Time limit for downloading one result image, in milliseconds (default 30000). */
  IMAGE_DOWNLOAD_TIMEOUT_MS: wholeNumber(1000, 300_000, 30_000),
  /**
   * At most this long for one request to an image service, in ms. Unset: each tool's own limit
   * (45 s for AI Product, Hair Changer and edits, 2.5 min for Body Shaper, 5 min for headshots).
   */
  IMAGE_REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).optional()),
  OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** An OpenAI-compatible endpoint; unset means api.openai.com. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_IMAGE_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-image-1")),

  // Hosted models (issue 18): Replicate, fal and Gemini, each tool's model and input configurable
  // (defaults in lib/generation/engines/hosted/default-models.ts, documented in .env.example).
  /** Where Replicate and fal send their signed callbacks (our public origin); default APP_URL. */
  ENGINE_CALLBACK_BASE_URL: optionalUrl,
  /** How often a job waiting for a hosted prediction asks about it when no callback came, in ms. */
  PREDICTION_POLL_INTERVAL_MS: wholeNumber(200, 600_000, 10_000),
  /**
   * How often each server asks the providers whether the configured hosted models are still
   * served (also at start, and for /api/health when older); 0 turns the lookups off.
   */
  MODEL_CHECK_INTERVAL_MINUTES: wholeNumber(0, 1440, 60),
  /** Prices of hosted models for `npm run report:costs`, over the defaults of default-models.ts. */
  MODEL_PRICES: modelPrices,
  REPLICATE_API_TOKEN: optionalText,
  /** The Replicate API (default https://api.replicate.com/v1); a local stand-in in tests. */
  REPLICATE_BASE_URL: optionalUrl,
  /** The webhook signing secret (whsec_...); unset: read from the API once. */
  REPLICATE_WEBHOOK_SECRET: optionalText,
  REPLICATE_MODEL_HEADSHOT_PRO: optionalText,
  REPLICATE_MODEL_AI_PRODUCT: optionalText,
  REPLICATE_MODEL_HAIR_CHANGER: optionalText,
  REPLICATE_MODEL_BODY_SHAPER: optionalText,
  REPLICATE_MODEL_EDIT: optionalText,
  REPLICATE_INPUT_HEADSHOT_PRO: optionalJsonObject,
  REPLICATE_INPUT_AI_PRODUCT: optionalJsonObject,
  REPLICATE_INPUT_HAIR_CHANGER: optionalJsonObject,
  REPLICATE_INPUT_BODY_SHAPER: optionalJsonObject,
  REPLICATE_INPUT_EDIT: optionalJsonObject,
  FAL_KEY: optionalText,
  /** fal's queue (default https://queue.fal.run); a local stand-in in tests. */
  FAL_QUEUE_URL: optionalUrl,
  /** The public keys fal signs its webhooks with (default https://rest.alpha.fal.ai/.well-known/jwks.json). */
  FAL_WEBHOOK_JWKS_URL: optionalUrl,
  /** fal's Platform API, whose model search says whether an endpoint is served (default https://api.fal.ai/v1). */
  FAL_API_URL: optionalUrl,
  FAL_MODEL_HEADSHOT_PRO: optionalText,
  FAL_MODEL_AI_PRODUCT: optionalText,
  FAL_MODEL_HAIR_CHANGER: optionalText,
  FAL_MODEL_BODY_SHAPER: optionalText,
  FAL_MODEL_EDIT: optionalText,
  FAL_INPUT_HEADSHOT_PRO: optionalJsonObject,
  FAL_INPUT_AI_PRODUCT: optionalJsonObject,
  FAL_INPUT_HAIR_CHANGER: optionalJsonObject,
  FAL_INPUT_BODY_SHAPER: optionalJsonObject,
  FAL_INPUT_EDIT: optionalJsonObject,
  GEMINI_API_KEY: optionalText,
  /** The Gemini API (default https://generativelanguage.googleapis.com); a local stand-in in tests. */
  GEMINI_BASE_URL: optionalUrl,
  GEMINI_MODEL_HEADSHOT_PRO: optionalText,
  GEMINI_MODEL_AI_PRODUCT: optionalText,
  GEMINI_MODEL_HAIR_CHANGER: optionalText,
  GEMINI_MODEL_BODY_SHAPER: optionalText,
  GEMINI_MODEL_EDIT: optionalText,
  GEMINI_CONFIG_HEADSHOT_PRO: optionalJsonObject,
  GEMINI_CONFIG_AI_PRODUCT: optionalJsonObject,
  GEMINI_CONFIG_HAIR_CHANGER: optionalJsonObject,
  GEMINI_CONFIG_BODY_SHAPER: optionalJsonObject,
  GEMINI_CONFIG_EDIT: optionalJsonObject,

  // Analytics (decision 14). All optional: unset keys collect nothing and show no cookie banner.
  /**
   * PostHog project key for the browser (phc_...). Inlined at build time: the browser reads it
   * in lib/analytics/public-config.ts; validated here so a bad value fails the build.
   */
  NEXT_PUBLIC_POSTHOG_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** PostHog ingestion host for the browser (default the EU cloud). Build time, like the key. */
  NEXT_PUBLIC_POSTHOG_HOST: z.preprocess(emptyToUndefined, z.url().default("https://eu.i.posthog.com")),
  /** PostHog project key for server events (sign-up, login, purchase, generation outcome). */
  POSTHOG_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** PostHog ingestion host for server events (default the EU cloud). */
  POSTHOG_HOST: z.preprocess(emptyToUndefined, z.url().default("https://eu.i.posthog.com")),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env = parseEnv(process.env);
export const isProductionBuild = env.NEXT_PHASE === "phase-production-build";
