import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { readActivityFingerprint } from "@/db/queries/activity";
import { generationImages, generations } from "@/db/schema";
import { loadActivity } from "@/lib/activity/load-activity";
import { createGeneration } from "@/lib/generation/create-generation";
import { failJobAndRefund } from "@/lib/generation/worker/job-outcomes";
import { tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { generationWithImages, minutesAgo } from "@/tests/helpers/results";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

vi.mock("@/lib/api/current-user-id", () => import("@/tests/helpers/request-context").then((m) => m.currentUserIdModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));

const fingerprintRoute = await import("@/app/api/activity/fingerprint/route");

describeEachDatabase("activity (spec §2 /activity)", (ctx) => {
  let owner: string;
  let stranger: string;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    owner = await userWithCredits(ctx.db, 10);
    stranger = await userWithCredits(ctx.db, 0);
  });

  it("pages through finished generations 20 at a time, newest first", async () => {
    for (let index = 0; index < 45; index += 1) {
      await generationWithImages(ctx.db, owner, { createdAt: minutesAgo(100 - index) });
    }
    await generationWithImages(ctx.db, stranger, { createdAt: minutesAgo(1) });

    const first = await loadActivity(ctx.db, owner, { page: 1 });
    expect(first.finished).toHaveLength(20);
    expect(first.hasNextPage).toBe(true);
    const times = first.finished.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await loadActivity(ctx.db, owner, { page: 2 });
    expect(second.finished).toHaveLength(20);
    expect(second.finished.some((item) => first.finished.some((seen) => seen.id === item.id))).toBe(false);

    const last = await loadActivity(ctx.db, owner, { page: 3 });
    expect(last.finished).toHaveLength(5);
    expect(last.hasNextPage).toBe(false);
    expect(await loadActivity(ctx.db, owner, { page: 4 })).toMatchObject({ finished: [], hasNextPage: false });
  });

  it("filters every list by category on the server", async () => {
    await generationWithImages(ctx.db, owner, { tool: "hair_changer", createdAt: minutesAgo(5) });
    await generationWithImages(ctx.db, owner, { tool: "ai_product", createdAt: minutesAgo(4) });
    await generationWithImages(ctx.db, owner, { tool: "ai_product", status: "processing", createdAt: minutesAgo(3) });
    await generationWithImages(ctx.db, owner, { tool: "body_shaper", status: "pending", images: 0, createdAt: minutesAgo(2) });

    const all = await loadActivity(ctx.db, owner, { page: 1 });
    expect(all.inProgress.map((item) => item.category)).toEqual(["Body Shaper", "AI Product"]);
    expect(all.finished.map((item) => item.category)).toEqual(["AI Product", "Hair Changer"]);

    const product = await loadActivity(ctx.db, owner, { category: "AI Product", page: 1 });
    expect(product.inProgress.map((item) => item.category)).toEqual(["AI Product"]);
    expect(product.finished.map((item) => item.category)).toEqual(["AI Product"]);
    expect(await loadActivity(ctx.db, owner, { category: "Headshot Pro", page: 1 })).toMatchObject({ inProgress: [], finished: [] });
  });

  it("shows in-progress work with its progress, hides work waiting for a payment and other users' work", async () => {
    const processing = await generationWithImages(ctx.db, owner, { status: "processing", progress: 40, images: 0, createdAt: minutesAgo(2) });
    await generationWithImages(ctx.db, owner, { tool: "headshot_pro", status: "pending", runAfter: null, images: 0, createdAt: minutesAgo(1) });
    await generationWithImages(ctx.db, stranger, { status: "processing", images: 0, createdAt: minutesAgo(1) });

    const activity = await loadActivity(ctx.db, owner, { page: 1 });
    expect(activity.inProgress).toEqual([
      expect.objectContaining({ id: processing.generation.id, status: "processing", progress: 40, isEdit: false }),
    ]);
    expect(activity.finished).toEqual([]);
  });

  it("gives complete cards their cover and count, and failed cards their refund", async () => {
    const complete = await generationWithImages(ctx.db, owner, { tool: "headshot_pro", images: 3, createdAt: minutesAgo(3) });
    await ctx.db.update(generationImages).set({ deletedAt: new Date() }).where(eq(generationImages.id, complete.images[0]?.id ?? ""));
    const failed = await createGeneration(
      ctx.db,
      { userId: owner, tool: "ai_product", input: { prompt: "on sand", dimension: "auto" }, originalImage: await testPhoto() },
      { storage: tempStorage() },
    );
    await failJobAndRefund(ctx.db, { id: failed.id, errorKey: "generation.errors.timedOut", errorMessage: "late" });

    const { finished } = await loadActivity(ctx.db, owner, { page: 1 });
    expect(finished).toEqual([
      expect.objectContaining({ id: failed.id, status: "failed", creditsRefunded: true, errorKey: "generation.errors.timedOut", coverUrl: null }),
      expect.objectContaining({
        id: complete.generation.id,
        status: "complete",
        imageCount: 2,
        coverUrl: `/api/images/${complete.images[1]?.id}`,
        creditsRefunded: false,
      }),
    ]);
  });

  it("leaves out a complete generation whose images were all deleted, keeping pages full", async () => {
    const emptied = await generationWithImages(ctx.db, owner, { tool: "hair_changer", images: 2, createdAt: minutesAgo(1) });
    for (let index = 0; index < 20; index += 1) await generationWithImages(ctx.db, owner, { tool: "ai_product", createdAt: minutesAgo(30 - index) });
    await generationWithImages(ctx.db, owner, { tool: "ai_product", status: "failed", images: 0, createdAt: minutesAgo(2) });
    await ctx.db.update(generationImages).set({ deletedAt: new Date() }).where(eq(generationImages.generationId, emptied.generation.id));

    const first = await loadActivity(ctx.db, owner, { page: 1 });
    expect(first.finished.map((item) => item.id)).not.toContain(emptied.generation.id);
    expect(first.finished).toHaveLength(20);
    expect(first.finished[0]).toMatchObject({ status: "failed" });
    expect(first.hasNextPage).toBe(true);
    expect((await loadActivity(ctx.db, owner, { page: 2 })).finished).toHaveLength(1);
    expect((await loadActivity(ctx.db, owner, { category: "Hair Changer", page: 1 })).finished).toEqual([]);
  });

  it("changes its fingerprint when work is added, progresses or finishes, and answers it to the owner only", async () => {
    const empty = await readActivityFingerprint(ctx.db, owner);
    const { generation } = await generationWithImages(ctx.db, owner, { status: "pending", images: 0, createdAt: minutesAgo(1) });
    const added = await readActivityFingerprint(ctx.db, owner);
    expect(added).not.toBe(empty);
    await ctx.db.update(generations).set({ status: "processing", progress: 30 }).where(eq(generations.id, generation.id));
    const progressed = await readActivityFingerprint(ctx.db, owner);
    expect(progressed).not.toBe(added);
    await ctx.db.update(generations).set({ status: "complete", progress: 100 }).where(eq(generations.id, generation.id));
    expect(await readActivityFingerprint(ctx.db, owner)).not.toBe(progressed);
    // Another user's work does not move this user's fingerprint.
    const before = await readActivityFingerprint(ctx.db, owner);
    await generationWithImages(ctx.db, stranger, { createdAt: minutesAgo(0) });
    expect(await readActivityFingerprint(ctx.db, owner)).toBe(before);

    state.userId = owner;
    const response = await fingerprintRoute.GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ fingerprint: before });
    // A tab whose session ended learns it from a fingerprint no page has, and refreshes.
    state.userId = null;
    const signedOut = await fingerprintRoute.GET();
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toEqual({ fingerprint: "signed-out" });
  });
});
