import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { generationImages, generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { createEdit } from "@/lib/generation/create-edit";
import { createGeneration, createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { releaseWaitingGeneration } from "@/db/queries/generations";
import { JobFailure } from "@/lib/generation/errors";
import { getGenerationStatus } from "@/lib/generation/generation-status";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { generationRow, ledgerOf, tempStorage, testPhoto, userWithCredits, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { hangUntilAborted, scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("generation worker", (ctx) => {
  let storage: LocalDiskStorage;
  let photo: Buffer;
  let worker: TestWorker | undefined;
  const product = { prompt: "on a red velvet cloth", dimension: "landscape" };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    photo ??= await testPhoto();
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  async function queueProduct(userId: string) {
    return createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: photo }, { storage });
  }

  async function expectFailedWithOneRefund(id: string, userId: string, errorKey: string, credits: number) {
    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "failed", errorKey, lockedBy: null });
    expect(row.errorMessage).toBeTruthy();
    const ledger = await ledgerOf(ctx.db, id);
    expect(ledger.filter((entry) => entry.kind === "refund")).toEqual([
      { kind: "refund", delta: 2, causeKey: `generation:${id}:refund` },
    ]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(credits);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toEqual([]);
    expect((await getGenerationStatus(ctx.db, userId, id))?.creditsRefunded).toBe(true);
  }

  it("runs a queued job with the preview engine and stores its images privately", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    worker = startTestWorker(ctx.db, storage);
    const { id } = await queueProduct(userId);
    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "complete", progress: 100, engine: "preview", attempts: 1, lockedBy: null });
    const [image] = await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id));
    expect(image).toMatchObject({ userId, position: 0, width: 1024, height: 576, contentType: "image/jpeg" });
    const stored = await storage.get(image?.storageKey ?? "");
    stored?.body.destroy();
    expect(stored?.size).toBe(image?.byteSize);
    const status = await getGenerationStatus(ctx.db, userId, id);
    expect(status).toMatchObject({ status: "complete", progress: 100, errorKey: null, creditsRefunded: false });
    expect(status?.images).toEqual([
      { id: image?.id, url: `/api/images/${image?.id}`, contentType: "image/jpeg", width: 1024, height: 576 },
    ]);
    expect(await getGenerationStatus(ctx.db, await userWithCredits(ctx.db, 0), id)).toBeUndefined();
    expect(await readAvailableCredits(ctx.db, userId)).toBe(2);
  });

  it("fails with the engine's reason and refunds exactly once", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    worker = startTestWorker(ctx.db, storage, scriptedEngine(async () => {
      throw new JobFailure("webhookError", "Webhook error: face not found");
    }));
    const { id } = await queueProduct(userId);
    await expectFailedWithOneRefund(id, userId, "generation.errors.webhookError", 4);
    expect((await generationRow(ctx.db, id)).errorMessage).toBe("Webhook error: face not found");
  });

  it("fails a crash, an empty answer and a file that is not an image with the right reasons", async () => {
    const userId = await userWithCredits(ctx.db, 6);
    const answers = [
      async () => {
        throw new TypeError("engine bug");
      },
      async () => [],
      async () => [Buffer.from("<html>nope</html>")],
    ];
    const engine = scriptedEngine(() => {
      const answer = answers.shift();
      if (!answer) throw new Error("no more answers");
      return answer();
    });
    worker = startTestWorker(ctx.db, storage, engine, { concurrency: 1 });
    const crash = await queueProduct(userId);
    await expectFailedWithOneRefund(crash.id, userId, "generation.errors.aiProductFailed", 6);
    const empty = await queueProduct(userId);
    await expectFailedWithOneRefund(empty.id, userId, "generation.errors.noImage", 6);
    const notImage = await queueProduct(userId);
    await expectFailedWithOneRefund(notImage.id, userId, "generation.errors.invalidResultImage", 6);
  });

  it("fails and refunds a running job once it passes its time limit", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    const engine = scriptedEngine((_job, { signal }) => hangUntilAborted(signal));
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await queueProduct(userId);
    await waitFor(async () => (await generationRow(ctx.db, id)).status === "processing");
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    await expectFailedWithOneRefund(id, userId, "generation.errors.timedOut", 2);
    await waitFor(async () => worker?.outcomes.get(id));
    expect(worker.outcomes.get(id)).toBe("lost");
  });

  it("retries a job whose worker died, and fails it once it used up its attempts", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const retried = await queueProduct(userId);
    const exhausted = await queueProduct(userId);
    const abandoned = { status: "processing" as const, lockedBy: "dead-worker", leaseExpiresAt: sql`now() - interval '1 second'` };
    await ctx.db.update(generations).set({ ...abandoned, attempts: 1 }).where(eq(generations.id, retried.id));
    await ctx.db.update(generations).set({ ...abandoned, attempts: 2 }).where(eq(generations.id, exhausted.id));
    worker = startTestWorker(ctx.db, storage);
    expect(await waitForFinished(ctx.db, retried.id)).toMatchObject({ status: "complete", attempts: 2 });
    await expectFailedWithOneRefund(exhausted.id, userId, "generation.errors.interrupted", 2);
  });

  it("writes nothing when the lease was lost to another worker", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    let finish: (() => void) | undefined;
    const engine = scriptedEngine(async (job, { signal }) => {
      await new Promise<void>((resolve, reject) => {
        finish = resolve;
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
      return [await sharp(job.image.data).png().toBuffer()];
    });
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await queueProduct(userId);
    await waitFor(async () => finish !== undefined);
    // What a claim by someone else writes: its own worker id and claim token.
    await ctx.db
      .update(generations)
      .set({ lockedBy: "someone-else", claimToken: sql`gen_random_uuid()` })
      .where(eq(generations.id, id));
    await waitFor(async () => worker?.outcomes.get(id));
    expect(worker.outcomes.get(id)).toBe("lost");
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "processing", lockedBy: "someone-else" });
    expect(await ctx.db.select().from(generationImages)).toEqual([]);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
  });

  it("hands running jobs back to the queue when it stops", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    worker = startTestWorker(ctx.db, storage, scriptedEngine((_job, { signal }) => hangUntilAborted(signal)));
    const { id } = await queueProduct(userId);
    await waitFor(async () => (await generationRow(ctx.db, id)).status === "processing");
    await worker.stop();
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "pending", lockedBy: null, attempts: 0 });
    worker = startTestWorker(ctx.db, storage);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
  });

  it("leaves a cash-pack job alone until its payment releases it", async () => {
    const userId = await userWithCredits(ctx.db, 0);
    worker = startTestWorker(ctx.db, storage);
    const input = { gender: "male", ageRange: "36_45", styleIds: [1, 9], packageId: "10_headshots" };
    const { id } = await createHeadshotAwaitingPayment(ctx.db, { userId, input, originalImage: photo }, { storage });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await getGenerationStatus(ctx.db, userId, id)).toMatchObject({ status: "pending", awaitingPayment: true });
    await releaseWaitingGeneration(ctx.db, id);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(10);
  });

  it("runs an edit on the stored result and links it to its source image", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    worker = startTestWorker(ctx.db, storage);
    const first = await queueProduct(userId);
    await waitForFinished(ctx.db, first.id);
    const [source] = await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, first.id));
    const edit = await createEdit(ctx.db, { userId, imageId: source?.id ?? "", prompt: "make it blue" });
    expect(await waitForFinished(ctx.db, edit.id)).toMatchObject({ status: "complete", tool: "edit" });
    const [result] = await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, edit.id));
    expect(result).toMatchObject({ sourceImageId: source?.id, width: 1024, height: 576 });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(0);
  });
});
