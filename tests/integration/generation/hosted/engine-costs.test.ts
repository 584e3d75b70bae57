import { spawnSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { creditLedger, enginePredictions, generations, purchases } from "@/db/schema";
import { engineJobsForCosts, orphanedPredictionsForCosts } from "@/db/queries/engine-costs";
import { priceList } from "@/lib/generation/engines/hosted/model-prices";
import { creditValueUsd, jobCost, sumJobs, toCsv } from "@/lib/reports/engine-costs";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, queryRows, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * The cost report in money (issue 35, part 4; npm run report:costs): each job's cost at its
 * model's price, what its user paid for it (credits kept, at the price of a credit in the top-up
 * or plan that paid for them, or a cash pack's price), the margin, per day, tool and job, and as
 * CSV from the command itself.
 */

describeEachDatabase("engine cost report", (ctx) => {
  beforeEach(() => truncateAllTables(ctx.db));

  const day = new Date("2030-03-04T10:00:00Z");
  const since = new Date("2030-03-01T00:00:00Z");
  const kontext = "black-forest-labs/flux-kontext-pro";
  let causes = 0;

  async function job(userId: string, values: Partial<typeof generations.$inferInsert>) {
    const generation = await createGeneration(ctx.db, userId, { tool: values.tool ?? "hair_changer", createdAt: day });
    await ctx.db.update(generations).set(values).where(eq(generations.id, generation.id));
    return generation;
  }

  async function prediction(generationId: string | null, values: Partial<typeof enginePredictions.$inferInsert>) {
    await ctx.db.insert(enginePredictions).values({
      generationId,
      tool: "hair_changer",
      engine: "replicate",
      model: kontext,
      externalId: `p${causes++}`,
      position: 0,
      imageCount: 1,
      status: "succeeded",
      outputCount: 1,
      createdAt: day,
      ...values,
    });
  }

  /** A spend (and optional refund) of a job, split into bonus and monthly credits as the ledger writes it. */
  async function credits(userId: string, generationId: string, bonus: number, monthly: number, refunded = false) {
    const entry = (kind: "spend" | "refund", sign: number) => ({
      userId,
      kind,
      delta: sign * (bonus + monthly),
      bonusDelta: sign * bonus,
      monthlyDelta: sign * monthly,
      balanceAfter: 10,
      causeKey: `generation:${generationId}:${kind}`,
      generationId,
    });
    await ctx.db.insert(creditLedger).values(refunded ? [entry("spend", -1), entry("refund", 1)] : [entry("spend", -1)]);
  }

  async function purchase(userId: string, values: Partial<typeof purchases.$inferInsert> & { itemId: string; kind: "top_up" | "subscription" | "cash_pack" }) {
    await ctx.db.insert(purchases).values({ userId, amountMinor: 0, currency: "usd", status: "paid", createdAt: new Date("2030-02-01T00:00:00Z"), ...values });
  }

  it("prices each job, sets what paid for it beside it, and sums per day, tool and job", async () => {
    const { id: subscriber } = await createUser(ctx.db);
    await purchase(subscriber, { kind: "top_up", itemId: "top_up_200", amountMinor: 4900, credits: 200 });
    await purchase(subscriber, { kind: "subscription", itemId: "pro_monthly", amountMinor: 4999, credits: 150 });
    // A top-up bought after the jobs paid for none of them.
    await purchase(subscriber, { kind: "top_up", itemId: "top_up_30", amountMinor: 900, credits: 30, createdAt: new Date("2030-03-05T00:00:00Z") });
    const { id: freeUser } = await createUser(ctx.db);

    const delivered = await job(subscriber, { engine: "replicate", engineModel: kontext, status: "complete" });
    await createImage(ctx.db, delivered, { position: 0 });
    await prediction(delivered.id, { computeSeconds: 3.5 });
    await credits(subscriber, delivered.id, 1, 1);
    const failed = await job(subscriber, { engine: "replicate", engineModel: kontext, status: "failed" });
    await prediction(failed.id, { status: "failed", outputCount: null, computeSeconds: 1.25 });
    await credits(subscriber, failed.id, 2, 0, true);
    const gemini = await job(freeUser, {
      engine: "gemini",
      engineModel: "gemini-3.1-flash-image",
      status: "complete",
      engineUsage: { requests: 2, inputTokens: 2580, outputTokens: 2580 },
    });
    await createImage(ctx.db, gemini, { position: 0 });
    await createImage(ctx.db, gemini, { position: 1 });
    await credits(freeUser, gemini.id, 4, 0);
    const pack = await job(subscriber, { tool: "headshot_pro", engine: "fal", engineModel: "fal-ai/flux-pulid", status: "complete" });
    for (const position of [0, 1]) await prediction(pack.id, { tool: "headshot_pro", engine: "fal", model: "fal-ai/flux-pulid", position });
    await purchase(subscriber, { kind: "cash_pack", itemId: "10_headshots", amountMinor: 999, refundedMinor: 333, generationId: pack.id });
    const webhook = await job(freeUser, { engine: "webhook", engineModel: null, status: "complete" });
    await credits(freeUser, webhook.id, 2, 0);
    // A job deleted with its owner's photos: its prediction stays on the bill.
    await prediction(null, {});
    await job(freeUser, { engine: null });

    const rows = await engineJobsForCosts(ctx.db, since);
    const prices = priceList();
    const costs = new Map(rows.map((row) => [row.id, jobCost(row, prices)]));
    expect(costs.get(delivered.id)).toMatchObject({ costUsd: 0.04, revenueUsd: expect.closeTo(0.245 + 49.99 / 150, 6) });
    // Nothing made, nothing kept: the refund gave the credits back.
    expect(costs.get(failed.id)).toMatchObject({ costUsd: 0, revenueUsd: 0 });
    // Free credits brought nothing in; Gemini is priced per token.
    expect(costs.get(gemini.id)).toMatchObject({ costUsd: expect.closeTo((0.5 * 2580 + 60 * 2580) / 1e6, 9), revenueUsd: 0 });
    // A cash pack of $9.99 with a third refunded.
    expect(costs.get(pack.id)).toMatchObject({ costUsd: expect.closeTo(2 * 0.0333, 9), revenueUsd: expect.closeTo(6.66, 6) });
    expect(costs.get(webhook.id)).toMatchObject({ costUsd: null });

    const perTool = sumJobs(rows, prices, (row) => ({ tool: row.tool }));
    expect(perTool.find((group) => group.tool === "hair_changer")).toMatchObject({
      jobs: 4,
      completed: 3,
      failed: 1,
      images: 3,
      unpriced: 1,
      costUsd: expect.closeTo(0.04 + 0.15609, 6),
      revenueUsd: expect.closeTo(0.245 + 49.99 / 150, 6),
      marginUsd: expect.closeTo(0.245 + 49.99 / 150 - 0.04 - 0.15609, 6),
    });
    const perDay = sumJobs(rows, prices, (row) => ({ day: row.day, tool: row.tool, engine: row.engine, model: row.model }));
    expect(perDay.find((group) => group.engine === "replicate")).toMatchObject({ day: "2030-03-04", jobs: 2, requests: 2, computeSeconds: 4.75, costUsd: 0.04 });
    expect(await orphanedPredictionsForCosts(ctx.db, since)).toEqual([
      { day: "2030-03-04", tool: "hair_changer", engine: "replicate", model: kontext, status: "succeeded", imagesMade: 1, computeSeconds: 0 },
    ]);
    expect(await engineJobsForCosts(ctx.db, new Date("2030-03-05T00:00:00Z"))).toEqual([]);

    // MODEL_PRICES replaces a default, in money and in kind.
    const overridden = priceList({ [`replicate:${kontext}`]: { perImage: 0.05 }, "fal:fal-ai/flux-pulid": { perSecond: 0.01 } });
    const deliveredRow = rows.find((row) => row.id === delivered.id);
    expect(deliveredRow && jobCost(deliveredRow, overridden).costUsd).toBe(0.05);

    // The command itself, on this database (PostgreSQL only: a PGlite database lives in this process).
    if (ctx.kind === "postgres") {
      const [current] = await queryRows(ctx.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${String(current?.name)}`;
      const run = spawnSync("npx", ["tsx", "scripts/engine-costs.ts", "--days", "100000", "--csv", "--by", "tool"], {
        env: { ...process.env, DATABASE_URL: url.toString(), MODEL_PRICES: JSON.stringify({ [`replicate:${kontext}`]: { perImage: 0.05 } }) },
        encoding: "utf8",
      });
      expect(run.status).toBe(0);
      const lines = run.stdout.trim().split("\n");
      expect(lines[0]).toBe("tool,jobs,completed,failed,images,requests,computeSeconds,inputTokens,outputTokens,costUsd,revenueUsd,marginUsd,unpriced");
      expect(lines.find((line) => line.startsWith("hair_changer,"))).toBe(
        toCsv(sumJobs(rows, priceList({ [`replicate:${kontext}`]: { perImage: 0.05 } }), (row) => ({ tool: row.tool })).filter((group) => group.tool === "hair_changer")).split("\n")[1],
      );
    }
  });

  it("values a credit at the price it was bought for", () => {
    expect(creditValueUsd("top_up_30")).toBeCloseTo(0.3, 9);
    expect(creditValueUsd("starter_yearly")).toBeCloseTo(7.99 / 25, 9);
    expect(creditValueUsd("advanced_monthly")).toBeCloseTo(89.99 / 300, 9);
    expect(creditValueUsd(null)).toBe(0);
    expect(toCsv([{ model: 'a,"b"', cost: 0.123456 }])).toBe('model,cost\n"a,""b""",0.1235');
  });
});
