import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { listRecentImages } from "@/db/queries/activity";
import { generationImages, generations } from "@/db/schema";
import { loadRecentImages } from "@/lib/activity/recent-images";
import { createImage } from "@/tests/helpers/image-records";
import { userWithCredits } from "@/tests/helpers/generation";
import { generationWithImages, minutesAgo } from "@/tests/helpers/results";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("recent images (spec §7 data queries, dashboard)", (ctx) => {
  let owner: string;
  let stranger: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    owner = await userWithCredits(ctx.db, 0);
    stranger = await userWithCredits(ctx.db, 0);
  });

  it("reads at most 15 images, newest first, across every tool, of the user only", async () => {
    const tools = ["headshot_pro", "ai_product", "hair_changer", "body_shaper"] as const;
    // 20 complete generations a minute apart, the newest (minute 1) last created.
    for (let index = 0; index < 20; index += 1) {
      await generationWithImages(ctx.db, owner, { tool: tools[index % 4], createdAt: minutesAgo(20 - index) });
    }
    const theirs = await generationWithImages(ctx.db, stranger, { createdAt: minutesAgo(0) });

    const rows = await listRecentImages(ctx.db, owner);
    expect(rows).toHaveLength(15);
    const times = rows.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(["Headshot Pro", "AI Product", "Hair Changer", "Body Shaper"]));
    expect(rows.map((row) => row.id)).not.toContain(theirs.images[0]?.id);
    // Asking for more still reads no more than 15.
    expect(await listRecentImages(ctx.db, owner, 100)).toHaveLength(15);
  });

  it("leaves out deleted images and generations that are not complete", async () => {
    const kept = await generationWithImages(ctx.db, owner, { createdAt: minutesAgo(10) });
    const deleted = await generationWithImages(ctx.db, owner, { createdAt: minutesAgo(5), images: 2 });
    await ctx.db.update(generationImages).set({ deletedAt: new Date() }).where(eq(generationImages.id, deleted.images[0]?.id ?? ""));
    await generationWithImages(ctx.db, owner, { status: "processing", createdAt: minutesAgo(1) });
    await generationWithImages(ctx.db, owner, { status: "failed", createdAt: minutesAgo(2) });

    const ids = (await listRecentImages(ctx.db, owner)).map((row) => row.id);
    expect(ids).toEqual([deleted.images[1]?.id, kept.images[0]?.id]);
  });

  it("gives the dashboard the first 10, edits with the tool of their source image", async () => {
    for (let index = 0; index < 12; index += 1) {
      await generationWithImages(ctx.db, owner, { tool: "ai_product", createdAt: minutesAgo(30 - index) });
    }
    const source = await generationWithImages(ctx.db, owner, { tool: "hair_changer", createdAt: minutesAgo(3) });
    const sourceImage = source.images[0];
    if (!sourceImage) throw new Error("no image");
    const [edit] = await ctx.db
      .insert(generations)
      .values({
        userId: owner,
        tool: "edit",
        category: "Hair Changer",
        status: "complete",
        parentImageId: sourceImage.id,
        input: { prompt: "shorter", sourceTool: "hair_changer", sourceImageId: sourceImage.id },
      })
      .returning();
    if (!edit) throw new Error("no edit");
    const edited = await createImage(ctx.db, edit, { position: 0, contentType: "image/jpeg" });

    const images = await loadRecentImages(ctx.db, owner);
    expect(images).toHaveLength(10);
    expect(images[0]).toMatchObject({ id: edited.id, tool: "hair_changer", editWordLimit: 10, editDepth: 1, category: "Hair Changer" });
    expect(images[1]).toMatchObject({ id: sourceImage.id, tool: "hair_changer", editDepth: 0, fileName: "Hair_Changer_1.jpg" });
    expect(images[2]).toMatchObject({ tool: "ai_product", editWordLimit: 100 });
  });
});
