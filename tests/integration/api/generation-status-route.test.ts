import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { generations } from "@/db/schema";
import { failJobAndRefund } from "@/lib/generation/worker/job-outcomes";
import { createGeneration as insertGeneration, createImage } from "@/tests/helpers/image-records";
import { userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

vi.mock("@/lib/api/current-user-id", () => import("@/tests/helpers/request-context").then((m) => m.currentUserIdModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));

const route = await import("@/app/api/generations/[id]/route");

async function getStatus(id: string) {
  const response = await route.GET(new Request(`http://app.test/api/generations/${id}`), { params: Promise.resolve({ id }) });
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
}

describeEachDatabase("GET /api/generations/{id}", (ctx) => {
  let owner: string;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    owner = await userWithCredits(ctx.db, 0);
    state.userId = owner;
  });

  it("answers the owner with status, progress and image URLs", async () => {
    const generation = await insertGeneration(ctx.db, owner, { tool: "ai_product", category: "AI Product" });
    const image = await createImage(ctx.db, generation, { position: 0 });
    const { status, cache, body } = await getStatus(generation.id);
    expect(status).toBe(200);
    expect(cache).toBe("no-store");
    expect(body).toMatchObject({
      id: generation.id,
      tool: "ai_product",
      status: "complete",
      progress: 100,
      errorKey: null,
      creditsRefunded: false,
      images: [{ id: image.id, url: `/api/images/${image.id}` }],
    });
  });

  it("reports the failure reason but not the internal message", async () => {
    const generation = await insertGeneration(ctx.db, owner, { tool: "hair_changer" });
    await ctx.db.update(generations).set({ status: "processing", progress: 40 }).where(eq(generations.id, generation.id));
    expect((await getStatus(generation.id)).body).toMatchObject({ status: "processing", progress: 40, images: [] });
    await failJobAndRefund(ctx.db, { id: generation.id, errorKey: "generation.errors.timedOut", errorMessage: "late" });
    const { body } = await getStatus(generation.id);
    expect(body).toMatchObject({ status: "failed", errorKey: "generation.errors.timedOut" });
    expect(body).not.toHaveProperty("errorMessage");
  });

  it("answers 404 to strangers, signed-out visitors and unknown ids", async () => {
    const generation = await insertGeneration(ctx.db, owner);
    state.userId = await userWithCredits(ctx.db, 0);
    expect((await getStatus(generation.id)).status).toBe(404);
    state.userId = null;
    expect((await getStatus(generation.id)).status).toBe(404);
    state.userId = owner;
    expect((await getStatus("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await getStatus("not-a-uuid")).status).toBe(404);
  });
});
