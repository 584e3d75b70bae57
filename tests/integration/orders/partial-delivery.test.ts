import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { generationImages, profiles } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { loadActivity } from "@/lib/activity/load-activity";
import { createGeneration } from "@/lib/generation/create-generation";
import { getGenerationStatus } from "@/lib/generation/generation-status";
import { settleJobMoney } from "@/lib/generation/worker/job-money";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { setCredits } from "@/tests/helpers/factories";
import { ledgerOf, tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Decision 19 and DESIGN rule 13: a job that delivers fewer images than were paid for keeps the
 * charge for what it delivered only; each missing image gives 2 credits back, in the transaction
 * that completes the job, once however often the outcome is settled.
 */
describeEachDatabase("partial delivery", (ctx) => {
  let storage: LocalDiskStorage;
  let photo: Buffer;
  let worker: TestWorker | undefined;
  const basicPack = { gender: "male", ageRange: "36_45", styleIds: [1, 2], packageId: "basic" };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    photo ??= await testPhoto();
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  /** An engine that returns `count` images whatever was asked. */
  const returning = (count: number) => scriptedEngine(async () => Array.from({ length: count }, () => new Uint8Array(photo)));

  async function orderBasicPack(userId: string) {
    return createGeneration(ctx.db, { userId, tool: "headshot_pro", input: basicPack, originalImage: photo }, { storage });
  }

  it("charges 3 of 10 headshots: 14 of the 20 credits come back with the completed job", async () => {
    const userId = await userWithCredits(ctx.db, 25);
    worker = startTestWorker(ctx.db, storage, returning(3));
    const { id } = await orderBasicPack(userId);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", numberShots: 10 });
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(3);
    expect(await ledgerOf(ctx.db, id)).toEqual(
      expect.arrayContaining([
        { kind: "spend", delta: -20, causeKey: `generation:${id}:spend` },
        { kind: "refund", delta: 14, causeKey: `generation:${id}:refund` },
      ]),
    );
    expect(await readAvailableCredits(ctx.db, userId)).toBe(19);
    expect(await getGenerationStatus(ctx.db, userId, id)).toMatchObject({
      status: "complete",
      numberShots: 10,
      refund: { missingImages: 7, credits: 14, money: null },
    });
    const activity = await loadActivity(ctx.db, userId, { page: 1 });
    expect(activity.finished).toMatchObject([{ id, imageCount: 3, numberShots: 10, refund: { missingImages: 7, credits: 14 } }]);
  });

  it("settles a job once: a second settlement of the same outcome pays nothing back", async () => {
    const userId = await userWithCredits(ctx.db, 20);
    worker = startTestWorker(ctx.db, storage, returning(4));
    const { id } = await orderBasicPack(userId);
    await waitForFinished(ctx.db, id);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(12);
    const again = await settleJobMoney(ctx.db, { id, userId, creditsCost: 20, numberShots: 10 }, 4);
    expect(again).toEqual({ creditsRefunded: 0, moneyRefundMinor: 0 });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(12);
    expect((await ledgerOf(ctx.db, id)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
  });

  it("keeps the whole charge when every image arrived, and ignores images beyond the order", async () => {
    const userId = await userWithCredits(ctx.db, 20);
    worker = startTestWorker(ctx.db, storage, returning(12));
    const { id } = await orderBasicPack(userId);
    await waitForFinished(ctx.db, id);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(10);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(0);
    expect((await getGenerationStatus(ctx.db, userId, id))?.refund).toBeNull();
  });

  it("gives monthly credits back to this month's allowance", async () => {
    const userId = await userWithCredits(ctx.db, 0);
    await setCredits(ctx.db, userId, { monthlyCredits: 150 });
    worker = startTestWorker(ctx.db, storage, returning(9));
    const { id } = await orderBasicPack(userId);
    await waitForFinished(ctx.db, id);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile).toMatchObject({ creditsUsed: 18, bonusCredits: 0 });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(132);
  });
});
