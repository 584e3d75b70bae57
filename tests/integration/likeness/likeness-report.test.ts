import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { likenessChecksByDay } from "@/db/queries/likeness-checks";
import { generations, likenessChecks, type NewLikenessCheck } from "@/db/schema";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/** The likeness guard's table of npm run report:costs (decision 24): per day, tool and engine. */

describeEachDatabase("likeness report", (ctx) => {
  beforeEach(() => truncateAllTables(ctx.db));

  const day = new Date("2030-03-04T10:00:00Z");

  async function checked(userId: string, tool: "headshot_pro" | "hair_changer", engine: string, checks: Omit<NewLikenessCheck, "generationId" | "createdAt">[]) {
    const generation = await createGeneration(ctx.db, userId, { tool, createdAt: day });
    await ctx.db.update(generations).set({ engine }).where(eq(generations.id, generation.id));
    await ctx.db.insert(likenessChecks).values(checks.map((check) => ({ ...check, generationId: generation.id, createdAt: day })));
  }

  it("counts images checked, made again and not delivered, by reason, with the delivered scores", async () => {
    const { id: userId } = await createUser(ctx.db);
    await checked(userId, "headshot_pro", "gemini", [
      { position: 0, attempt: 1, verdict: "passed", score: 0.8, faces: 1, delivered: true },
      { position: 1, attempt: 1, verdict: "passed", score: 0.6, faces: 1, delivered: true },
      { position: 2, attempt: 1, verdict: "notSamePerson", score: 0.2, faces: 1, delivered: false },
      { position: 3, attempt: 1, verdict: "noFace", score: null, faces: 0, delivered: false },
      { position: 2, attempt: 2, verdict: "passed", score: 0.5, faces: 1, delivered: true },
      { position: 3, attempt: 2, verdict: "severalFaces", score: 0.7, faces: 2, delivered: false },
    ]);
    await checked(userId, "hair_changer", "local", [{ position: 0, attempt: 1, verdict: "unchecked", score: null, faces: null, delivered: true }]);
    expect(await likenessChecksByDay(ctx.db, new Date("2030-03-01T00:00:00Z"))).toEqual([
      { day: "2030-03-04", tool: "headshot_pro", engine: "gemini", checked: 4, unchecked: 0, remade: 2, notDelivered: 1, noFace: 1, severalFaces: 1, notSamePerson: 1, lowestDeliveredScore: expect.closeTo(0.5, 5), medianDeliveredScore: expect.closeTo(0.6, 5) },
      { day: "2030-03-04", tool: "hair_changer", engine: "local", checked: 1, unchecked: 1, remade: 0, notDelivered: 0, noFace: 0, severalFaces: 0, notSamePerson: 0, lowestDeliveredScore: null, medianDeliveredScore: null },
    ]);
    expect(await likenessChecksByDay(ctx.db, new Date("2030-03-05T00:00:00Z"))).toEqual([]);
  });
});
