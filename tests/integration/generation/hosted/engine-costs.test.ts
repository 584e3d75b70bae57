import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { enginePredictions, generations } from "@/db/schema";
import { engineCostsByDay, orphanedPredictionCostsByDay } from "@/db/queries/engine-costs";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/** The cost report of issue 18 (npm run report:costs): per day, tool, engine and model. */

describeEachDatabase("engine cost report", (ctx) => {
  beforeEach(() => truncateAllTables(ctx.db));

  const day = new Date("2030-03-04T10:00:00Z");
  const since = new Date("2030-03-01T00:00:00Z");

  async function job(userId: string, values: Partial<typeof generations.$inferInsert>) {
    const generation = await createGeneration(ctx.db, userId, { tool: values.tool ?? "hair_changer", createdAt: day });
    await ctx.db.update(generations).set(values).where(eq(generations.id, generation.id));
    return generation;
  }

  async function prediction(generationId: string | null, externalId: string, computeSeconds: number) {
    await ctx.db.insert(enginePredictions).values({
      generationId,
      tool: "hair_changer",
      engine: "replicate",
      model: "black-forest-labs/flux-kontext-pro",
      externalId,
      position: 0,
      imageCount: 1,
      status: "succeeded",
      computeSeconds,
      createdAt: day,
    });
  }

  it("sums jobs, images, requests, compute time and tokens per tool, engine and model", async () => {
    const { id: userId } = await createUser(ctx.db);
    const model = "black-forest-labs/flux-kontext-pro";
    const first = await job(userId, { engine: "replicate", engineModel: model, status: "complete" });
    await createImage(ctx.db, first, { position: 0 });
    await prediction(first.id, "p1", 3.5);
    const second = await job(userId, { engine: "replicate", engineModel: model, status: "failed" });
    await prediction(second.id, "p2", 1.25);
    const gemini = await job(userId, {
      engine: "gemini",
      engineModel: "gemini-2.5-flash-image",
      status: "complete",
      engineUsage: { requests: 2, inputTokens: 2580, outputTokens: 2580 },
    });
    await createImage(ctx.db, gemini, { position: 0 });
    await createImage(ctx.db, gemini, { position: 1 });
    // A job deleted with its owner's photos: its prediction stays on the bill.
    await prediction(null, "p3", 2);
    await job(userId, { engine: null });

    expect(await engineCostsByDay(ctx.db, since)).toEqual([
      {
        day: "2030-03-04",
        tool: "hair_changer",
        engine: "gemini",
        model: "gemini-2.5-flash-image",
        jobs: 1,
        completed: 1,
        failed: 0,
        images: 2,
        requests: 2,
        computeSeconds: 0,
        inputTokens: 2580,
        outputTokens: 2580,
      },
      {
        day: "2030-03-04",
        tool: "hair_changer",
        engine: "replicate",
        model,
        jobs: 2,
        completed: 1,
        failed: 1,
        images: 1,
        requests: 2,
        computeSeconds: 4.75,
        inputTokens: 0,
        outputTokens: 0,
      },
    ]);
    expect(await orphanedPredictionCostsByDay(ctx.db, since)).toEqual([
      { day: "2030-03-04", tool: "hair_changer", engine: "replicate", model, requests: 1, computeSeconds: 2 },
    ]);
    expect(await engineCostsByDay(ctx.db, new Date("2030-03-05T00:00:00Z"))).toEqual([]);
  });
});
