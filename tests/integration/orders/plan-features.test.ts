import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { readAvailableCredits } from "@/db/queries/credits";
import { generations, profiles } from "@/db/schema";
import { subscribe } from "@/tests/helpers/billing";
import { userWithCredits } from "@/tests/helpers/generation";
import { createGeneration as insertCompleteGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The action resolves the user and the database through one module each.
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("next-intl/server", () => ({ getTranslations: async () => (key: string) => key }));

const { createEditAction } = await import("@/lib/actions/create-edit");

/**
 * Decision 18: plan features are enforced on the server. A live Starter subscription cannot
 * edit or remix; Pro, Advanced and users without a live plan can, at the spec's 2 credits.
 */
describeEachDatabase("plan features: edit and remix", (ctx) => {
  beforeAll(() => {
    state.db = ctx.db;
  });
  beforeEach(async () => truncateAllTables(ctx.db));

  async function userWithImage(plan?: "starter" | "pro" | "advanced") {
    const id = await userWithCredits(ctx.db, 10);
    if (plan) await subscribe(ctx.db, id, plan);
    state.user = { id, email: `${plan ?? "free"}@example.test` };
    const generation = await insertCompleteGeneration(ctx.db, id, { tool: "headshot_pro", category: "Headshot Pro" });
    return { id, image: await createImage(ctx.db, generation, { position: 0 }) };
  }

  const edits = (userId: string) => ctx.db.select().from(generations).where(eq(generations.tool, "edit")).then((rows) => rows.filter((row) => row.userId === userId));

  it("refuses a Starter subscriber's edit and remix, takes no credits and queues nothing", async () => {
    const { id, image } = await userWithImage("starter");
    const before = await readAvailableCredits(ctx.db, id);
    expect(await createEditAction({ imageId: image.id, prompt: "make the background blue" })).toEqual({
      ok: false,
      error: "errors.editNotInPlan",
      values: {},
    });
    expect(await readAvailableCredits(ctx.db, id)).toBe(before);
    expect(await edits(id)).toEqual([]);
  });

  it.each(["pro", "advanced"] as const)("lets a %s subscriber edit for 2 credits", async (plan) => {
    const { id, image } = await userWithImage(plan);
    const before = await readAvailableCredits(ctx.db, id);
    expect(await createEditAction({ imageId: image.id, prompt: "make the background blue" })).toMatchObject({ ok: true, data: { creditsCost: 2 } });
    expect(await readAvailableCredits(ctx.db, id)).toBe(before - 2);
    expect(await edits(id)).toHaveLength(1);
  });

  it("keeps the spec's behaviour for users without a live plan, a cancelled Starter plan included", async () => {
    const free = await userWithImage();
    expect(await createEditAction({ imageId: free.image.id, prompt: "warmer light" })).toMatchObject({ ok: true, data: { creditsCost: 2 } });
    const lapsed = await userWithImage("starter");
    await ctx.db.update(profiles).set({ subscriptionStatus: "canceled", monthlyCredits: 0, creditsUsed: 0 }).where(eq(profiles.userId, lapsed.id));
    expect(await createEditAction({ imageId: lapsed.image.id, prompt: "warmer light" })).toMatchObject({ ok: true });
  });
});
