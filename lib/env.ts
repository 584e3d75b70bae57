import { z } from "zod";

/**
 * The only reader of process.env. Every variable is optional and has an embedded default,
 * so `npm run dev` works on a fresh machine; next.config.ts imports this so a bad value
 * fails the build instead of a request.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

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
