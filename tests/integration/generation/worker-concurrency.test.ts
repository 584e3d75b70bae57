import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import { createGeneration } from "@/lib/generation/create-generation";
import { tempStorage, testPhoto, userWithCredits, waitFor } from "@/tests/helpers/generation";
import { hangUntilAborted, scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * A worker runs at most WORKER_CONCURRENCY jobs (up to 32), each listening to the worker's stop
 * signal: that many listeners are expected, not a leak, and must not trip Node's warning.
 */

describeEachDatabase("a worker's concurrency", (ctx) => {
  let worker: TestWorker | undefined;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    warnings.length = 0;
    process.on("warning", onWarning);
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    process.off("warning", onWarning);
  });

  it("runs as many jobs as its concurrency allows, no more, without a listener warning", async () => {
    const storage = tempStorage();
    const photo = await testPhoto();
    const userId = await userWithCredits(ctx.db, 40);
    for (let index = 0; index < 15; index += 1) {
      const input = { prompt: "on a marble table", dimension: "square" };
      await createGeneration(ctx.db, { userId, tool: "ai_product", input, originalImage: photo }, { storage });
    }
    const engine = scriptedEngine((_job, options) => hangUntilAborted(options.signal ?? new AbortController().signal));
    worker = startTestWorker(ctx.db, storage, engine, { concurrency: 12, leaseMs: 60_000 });
    await waitFor(async () => engine.jobs.length >= 12);
    // Give a runaway claim time to take more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(worker.runningJobs).toBe(12);
    expect(engine.jobs).toHaveLength(12);
    const processing = await ctx.db.select({ id: generations.id }).from(generations).where(eq(generations.status, "processing"));
    expect(processing).toHaveLength(12);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});
