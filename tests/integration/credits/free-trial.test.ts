import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { freeTrialClaims, generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { createGeneration } from "@/lib/generation/create-generation";
import { readFreeTrialEligibility } from "@/lib/generation/free-trial";
import { failJobAndRefund } from "@/lib/generation/worker/job-outcomes";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import { subscribe } from "@/tests/helpers/billing";
import { GenerationRequestError } from "@/lib/generation/errors";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { ownerPrefix } from "@/lib/storage/object-keys";
import { setCredits } from "@/tests/helpers/factories";
import { storedKeys, tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * The Headshot Pro free trial is the server's decision (spec §4 'Free trial', decision 17): only a
 * profile with credits_used 0 and at least 5 bonus credits that never took it may take it,
 * checked under the profile's row lock in the transaction that spends the credits and records
 * the claim; a refusal creates nothing.
 */

const freeTrial = { gender: "female", ageRange: "26_35", styleIds: [2], packageId: "free_trial" };

describeEachDatabase("the free trial", (ctx) => {
  let storage: LocalDiskStorage;
  let photo: Buffer;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    photo ??= await testPhoto();
  });

  const startFreeTrial = (userId: string) =>
    createGeneration(ctx.db, { userId, tool: "headshot_pro", input: freeTrial, originalImage: photo }, { storage });

  async function expectRefused(attempt: Promise<unknown>) {
    await expect(attempt).rejects.toBeInstanceOf(GenerationRequestError);
    await expect(attempt).rejects.toMatchObject({ messageKey: "errors.freeTrialUnavailable" });
  }

  async function generationsOf(userId: string) {
    return ctx.db.select().from(generations).where(eq(generations.userId, userId));
  }

  it("lets an eligible profile take it: one headshot for 2 credits", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    const { creditsCost } = await startFreeTrial(userId);
    expect(creditsCost).toBe(2);
    expect(await generationsOf(userId)).toMatchObject([{ tool: "headshot_pro", numberShots: 1, creditsCost: 2 }]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(3);
  });

  it("refuses a second free trial and creates nothing", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    await startFreeTrial(userId);
    await expectRefused(startFreeTrial(userId));
    expect(await generationsOf(userId)).toHaveLength(1);
    expect(await storedKeys(storage, ownerPrefix(userId))).toHaveLength(1);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(3);
  });

  it("refuses a profile that used monthly credits or has fewer than 5 bonus credits", async () => {
    const subscriber = await userWithCredits(ctx.db, 5);
    await setCredits(ctx.db, subscriber, { monthlyCredits: 25, creditsUsed: 2 });
    await expectRefused(startFreeTrial(subscriber));
    const short = await userWithCredits(ctx.db, 4);
    await expectRefused(startFreeTrial(short));
    for (const userId of [subscriber, short]) {
      expect(await generationsOf(userId)).toEqual([]);
      expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([]);
    }
    expect(await readAvailableCredits(ctx.db, subscriber)).toBe(28);
    expect(await readAvailableCredits(ctx.db, short)).toBe(4);
  });

  it("lets exactly one of several concurrent free trials through", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => startFreeTrial(userId)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ messageKey: "errors.freeTrialUnavailable" });
    }
    expect(await generationsOf(userId)).toHaveLength(1);
    expect(await storedKeys(storage, ownerPrefix(userId))).toHaveLength(1);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(3);
  });

  it("is offered once per account: not after a refunded failure, a plan, a top-up or deleting the photos", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    expect(await readFreeTrialEligibility(ctx.db, userId)).toBe(true);
    const { id } = await startFreeTrial(userId);
    expect(await ctx.db.select().from(freeTrialClaims)).toMatchObject([{ userId, generationId: id }]);

    // The trial fails and its 2 credits come back: the spec's condition holds again, the trial does not return.
    await failJobAndRefund(ctx.db, { id, errorKey: "generation.errors.headshotsFailed", errorMessage: "engine down" });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    expect(await readFreeTrialEligibility(ctx.db, userId)).toBe(false);
    await expectRefused(startFreeTrial(userId));

    // Buying Pro and a top-up leaves credits_used at 0 and plenty of bonus credits.
    await subscribe(ctx.db, userId, "pro");
    await setCredits(ctx.db, userId, { bonusCredits: 205 });
    expect(await readFreeTrialEligibility(ctx.db, userId)).toBe(false);
    await deleteAllPhotos(ctx.db, storage, userId);
    expect(await readFreeTrialEligibility(ctx.db, userId)).toBe(false);
    await expectRefused(startFreeTrial(userId));
  });

  it("counts a trial taken before claims were recorded", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    await startFreeTrial(userId);
    await ctx.db.delete(freeTrialClaims);
    expect(await readFreeTrialEligibility(ctx.db, userId)).toBe(false);
  });
});
