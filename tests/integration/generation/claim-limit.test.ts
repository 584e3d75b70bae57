import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import { claimJobs } from "@/db/queries/generation-jobs";
import { insertGeneration } from "@/db/queries/generations";
import { userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * A claim takes at most `limit` jobs, whatever plan the database picks. A load run once left 51
 * jobs processing under a worker of concurrency 2: when PostgreSQL runs the claim's subquery
 * (LIMIT ... FOR UPDATE SKIP LOCKED) as the inner side of a nested loop, every rescan skips the
 * rows the UPDATE has just changed and hands out the next ones, so the whole queue was claimed.
 */

const timeLimits = { headshot_pro: 60_000, ai_product: 60_000, hair_changer: 60_000, body_shaper: 60_000, edit: 60_000 };

describeEachDatabase("claiming jobs", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
  });

  async function queue(userId: string, count: number) {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const row = await insertGeneration(ctx.db, {
        userId,
        tool: "ai_product",
        category: "product",
        input: { prompt: "on a marble table", dimension: "square" },
        originalImageKey: `users/${userId}/originals/${index}.jpg`,
        creditsCost: 2,
        numberShots: 1,
        runAfter: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
      ids.push(row.id);
    }
    return ids;
  }

  it.each([
    ["the planner's choice", []],
    ["a nested loop", ["set local enable_hashjoin = off", "set local enable_mergejoin = off"]],
  ])("claims no more than the limit with %s", async (_plan, settings) => {
    const userId = await userWithCredits(ctx.db, 0);
    const queued = await queue(userId, 30);
    const claimed = await ctx.db.transaction(async (tx) => {
      for (const setting of settings) await tx.execute(setting);
      return claimJobs(tx, { workerId: "w1", limit: 2, leaseMs: 60_000, timeLimits });
    });
    // The oldest first.
    expect(claimed.map((job) => job.id).sort()).toEqual(queued.slice(0, 2).sort());
    const processing = await ctx.db.select({ id: generations.id }).from(generations).where(eq(generations.status, "processing"));
    expect(processing).toHaveLength(2);
  });
});
