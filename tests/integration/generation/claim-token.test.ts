import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { generationImages, generations } from "@/db/schema";
import {
  claimJobs,
  extendLease,
  lockHeldJob,
  markJobComplete,
  markJobFailed,
  requeueJob,
  setJobProgress,
} from "@/db/queries/generation-jobs";
import { createGeneration } from "@/lib/generation/create-generation";
import type { EngineRunOptions } from "@/lib/generation/engines/types";
import { LeaseLost } from "@/lib/generation/worker/abort-reasons";
import { recoverAbandonedJobs } from "@/lib/generation/worker/job-outcomes";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { generationRow, ledgerOf, tempStorage, testPhoto, userWithCredits, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { cuttableDatabase, scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 17 item 6: a lease belongs to one claim, not to the worker. When a worker cannot reach
 * the database for longer than its lease, the recovery hands the job to the queue and the same
 * worker claims it again; the first run must stop, drop its work and never write.
 */

const timeLimits = { headshot_pro: 60_000, ai_product: 60_000, hair_changer: 60_000, body_shaper: 60_000, edit: 60_000 };

describeEachDatabase("claim tokens", (ctx) => {
  let storage: LocalDiskStorage;
  let photo: Buffer;
  let worker: TestWorker | undefined;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    photo ??= await testPhoto();
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  function queueProduct(userId: string) {
    const input = { prompt: "on a marble table", dimension: "square" };
    return createGeneration(ctx.db, { userId, tool: "ai_product", input, originalImage: photo }, { storage });
  }

  it("rejects every write of an earlier claim once the same worker claimed the job again", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    const { id } = await queueProduct(userId);
    const [first] = await claimJobs(ctx.db, { workerId: "w1", limit: 1, leaseMs: 60_000, timeLimits });
    expect(first?.claimToken).toMatch(/^[0-9a-f-]{36}$/);
    await ctx.db.update(generations).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    expect(await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).toEqual({ requeued: 1, failed: 0 });
    const [second] = await claimJobs(ctx.db, { workerId: "w1", limit: 1, leaseMs: 60_000, timeLimits });
    expect(second?.id).toBe(id);
    expect(second?.claimToken).not.toBe(first?.claimToken);

    const stale = first?.claimToken ?? "";
    expect(await extendLease(ctx.db, { id, claimToken: stale, leaseMs: 60_000 })).toBe(false);
    expect(await setJobProgress(ctx.db, { id, claimToken: stale, progress: 50 })).toBe(false);
    expect(await ctx.db.transaction((tx) => lockHeldJob(tx, { id, claimToken: stale }))).toBeUndefined();
    expect(await markJobComplete(ctx.db, { id, claimToken: stale, engine: "preview" })).toBe(false);
    expect(await markJobFailed(ctx.db, { id, claimToken: stale, errorKey: "x", errorMessage: "x" })).toBeUndefined();
    expect(await requeueJob(ctx.db, { id, claimToken: stale })).toBe(false);
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "processing", claimToken: second?.claimToken, progress: 0 });

    expect(await extendLease(ctx.db, { id, claimToken: second?.claimToken ?? "", leaseMs: 60_000 })).toBe(true);
    expect(await markJobComplete(ctx.db, { id, claimToken: second?.claimToken ?? "", engine: "preview" })).toBe(true);
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "complete", claimToken: null, lockedBy: null });
  });

  it("stops a run whose heartbeat fails past its lease; the re-claim runs the job once more and completes it once", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    const connection = cuttableDatabase(ctx.db);
    const calls: { options: EngineRunOptions; finish: () => void }[] = [];
    // Each call waits for the test and ignores the abort signal, as a slow image service
    // would, so only the worker's own checks can keep a stale run from writing.
    const engine = scriptedEngine(async (job, options) => {
      await new Promise<void>((resolve) => calls.push({ options, finish: resolve }));
      return [await sharp(job.image.data).png().toBuffer()];
    });
    worker = startTestWorker(connection.db, storage, engine, { leaseMs: 600, concurrency: 2, workerId: "w1" });
    const { id } = await queueProduct(userId);
    await waitFor(async () => calls.length === 1);

    connection.cut();
    // The heartbeat fails; once the lease has run out the run stops and drops its work.
    await waitFor(async () => worker?.settled.length === 1, 5_000);
    expect(worker.settled).toEqual([{ jobId: id, outcome: "lost" }]);
    expect(calls[0]?.options.signal.reason).toBeInstanceOf(LeaseLost);
    expect(worker.runningJobs).toBe(0);

    // Another server's recovery sees the expired lease and requeues the job.
    await waitFor(async () => (await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).requeued === 1, 5_000);
    connection.restore();
    await waitFor(async () => calls.length === 2);
    expect(worker.runningJobs).toBe(1);

    // The first call answers late: nothing of it may be stored.
    calls[0]?.finish();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "processing", attempts: 2, lockedBy: "w1" });
    expect(await ctx.db.select().from(generationImages)).toEqual([]);
    expect(worker.runningJobs).toBe(1);

    calls[1]?.finish();
    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "complete", attempts: 2, claimToken: null });
    await waitFor(async () => worker?.settled.length === 2);
    expect(worker.settled).toEqual([
      { jobId: id, outcome: "lost" },
      { jobId: id, outcome: "complete" },
    ]);
    expect(engine.jobs).toHaveLength(2);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(1);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
    expect(worker.runningJobs).toBe(0);
    // The dropped run left no file behind: the one stored image is the completed run's.
    const files: string[] = [];
    for await (const object of storage.list(`${userId}/results/`)) files.push(object.key);
    expect(files).toHaveLength(1);
  });
});
