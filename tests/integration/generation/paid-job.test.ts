import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { generations } from "@/db/schema";
import type { Database } from "@/db/client";
import { InsufficientCreditsError, MissingProfileError } from "@/lib/credits/errors";
import { ensureProfile, insertJobWithItsSpend } from "@/lib/credits/ledger";
import { createUser, setCredits } from "@/tests/helpers/factories";
import { describeEachDatabase, describeOnPostgres, truncateAllTables } from "@/tests/helpers/test-db";

const input = { prompt: "on a marble table", dimension: "square" };

/** A paid AI Product job of `cost` credits, as a request starts one. */
function startPaidJob(db: Database, userId: string, cost: number) {
  return insertJobWithItsSpend(db, { userId, tool: "ai_product", category: "AI Product", input, originalImageKey: `${userId}/originals/a.jpg`, creditsCost: cost, numberShots: 1 });
}

async function jobsOf(db: Database, userId: string) {
  return db.select().from(generations).where(eq(generations.userId, userId));
}

describeEachDatabase("a paid job and its spend, written in one statement", (ctx) => {
  let userId: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    userId = (await createUser(ctx.db)).id;
    await ensureProfile(ctx.db, userId);
  });

  it("takes bonus credits first, then the allowance, and names the job in its ledger row", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 3, monthlyCredits: 25, creditsUsed: 1 });
    const before = await findProfile(ctx.db, userId);
    const job = await startPaidJob(ctx.db, userId, 5);
    expect(await jobsOf(ctx.db, userId)).toMatchObject([
      { id: job.id, tool: "ai_product", category: "AI Product", status: "pending", input, originalImageKey: `${userId}/originals/a.jpg`, parentImageId: null, creditsCost: 5, numberShots: 1 },
    ]);
    expect((await jobsOf(ctx.db, userId))[0]?.runAfter).toBeInstanceOf(Date);
    const profile = await findProfile(ctx.db, userId);
    expect(profile).toMatchObject({ bonusCredits: 0, creditsUsed: 3, monthlyCredits: 25 });
    expect(profile?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
    const [entry] = await listLedgerEntries(ctx.db, userId, { limit: 1 });
    expect(entry).toMatchObject({
      kind: "spend",
      delta: -5,
      bonusDelta: -3,
      monthlyDelta: -2,
      balanceAfter: 22,
      causeKey: `generation:${job.id}:spend`,
      generationId: job.id,
    });
  });

  it("counts no allowance once more was used than the plan gives", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 2, monthlyCredits: 10, creditsUsed: 15 });
    await startPaidJob(ctx.db, userId, 2);
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 0, creditsUsed: 15 });
    await expect(startPaidJob(ctx.db, userId, 1)).rejects.toMatchObject({ required: 1, available: 0 });
  });

  it("refuses a spend beyond the balance with what is available, and writes neither the job nor a ledger row", async () => {
    const attempt = startPaidJob(ctx.db, userId, 6);
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ required: 6, available: 5 });
    expect(await jobsOf(ctx.db, userId)).toEqual([]);
    expect(await listLedgerEntries(ctx.db, userId, { limit: 10 })).toHaveLength(1);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
  });

  it("refuses a user without a profile", async () => {
    const { id } = await createUser(ctx.db);
    await expect(startPaidJob(ctx.db, id, 2)).rejects.toBeInstanceOf(MissingProfileError);
    expect(await jobsOf(ctx.db, id)).toEqual([]);
  });
});

// Concurrency needs a real server: PGlite runs one query at a time.
describeOnPostgres("paid jobs on PostgreSQL under concurrency", (ctx) => {
  it("50 parallel jobs of 2 credits on a balance of 10 start exactly 5, each with its spend", async () => {
    const { id } = await createUser(ctx.db);
    await ensureProfile(ctx.db, id);
    await setCredits(ctx.db, id, { bonusCredits: 4, monthlyCredits: 6, creditsUsed: 0 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => startPaidJob(ctx.db, id, 2)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const failures = results.filter((result) => result.status === "rejected");
    expect(failures.every((result) => result.reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await jobsOf(ctx.db, id)).toHaveLength(5);
    expect(await findProfile(ctx.db, id)).toMatchObject({ bonusCredits: 0, creditsUsed: 6 });
    const spends = (await listLedgerEntries(ctx.db, id, { limit: 10 })).filter((entry) => entry.kind === "spend");
    expect(spends.map((entry) => entry.balanceAfter).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8]);
  });
});
