import { z } from "zod";

/**
 * The bench's own settings, parsed once like lib/env.ts does for the app (which also gives the
 * bench NEXT_DIST_DIR). Every one is optional; the defaults are the issues' figures.
 */
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const benchEnvSchema = z.object({
  /** Comma-separated suite ids to run (pages, load, lighthouse, images, generation, local-engine); all when unset. */
  BENCH_SUITES: z.string().optional(),
  /** Generations of the signed-in bench user, so /dashboard and /activity have real lists (issue #16: 100). */
  BENCH_USER_GENERATIONS: count(100),
  /** Lighthouse runs per page; the median is reported. */
  BENCH_LIGHTHOUSE_RUNS: count(1),
  /** Seconds of each autocannon run (issue #11: 20 s at 50 connections). */
  BENCH_DURATION: count(20),
  /** "1": build again even when a build is already in the output folder. */
  BENCH_REBUILD: z.enum(["0", "1"]).default("0"),
  /** Child processes that time the image normalisation against the bare resize. */
  BENCH_IMAGE_ROUNDS: count(3),
  /** Jobs the queue benchmark inserts for its two workers. */
  BENCH_GENERATION_JOBS: count(60),
  /**
   * A PostgreSQL server and a database there that may CREATE and DROP others (the tests' setting):
   * the load and queue benchmarks run in a throw-away database of their own on it.
   */
  TEST_DATABASE_URL: z.url().default("postgres://postgres@127.0.0.1:5432/test"),
});

export const benchEnv = benchEnvSchema.parse(process.env);
