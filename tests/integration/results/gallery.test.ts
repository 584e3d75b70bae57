import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { generationImages, generations } from "@/db/schema";
import { loadGallery } from "@/lib/results/load-gallery";
import { createImage } from "@/tests/helpers/image-records";
import { userWithCredits } from "@/tests/helpers/generation";
import { generationWithImages, minutesAgo } from "@/tests/helpers/results";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("gallery (spec §2 /gallery/{generationId})", (ctx) => {
  let owner: string;
  let stranger: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    owner = await userWithCredits(ctx.db, 0);
    stranger = await userWithCredits(ctx.db, 0);
  });

  async function editOf(imageId: string, category: string) {
    const [edit] = await ctx.db
      .insert(generations)
      .values({
        userId: owner,
        tool: "edit",
        category,
        status: "complete",
        parentImageId: imageId,
        input: { prompt: "brighter", sourceTool: "ai_product", sourceImageId: imageId },
      })
      .returning();
    if (!edit) throw new Error("no edit");
    return { edit, image: await createImage(ctx.db, edit, { position: 0, contentType: "image/jpeg" }) };
  }

  it("lists the generation's images, then its edits and remixes, marked and named in order", async () => {
    const { generation, images } = await generationWithImages(ctx.db, owner, { tool: "ai_product", images: 2, createdAt: minutesAgo(5) });
    const edit = await editOf(images[0]?.id ?? "", "AI Product");
    const remix = await editOf(edit.image.id, "AI Product");

    const gallery = await loadGallery(ctx.db, owner, generation.id);
    if (gallery.state !== "ready") throw new Error(`expected ready, got ${gallery.state}`);
    expect(gallery.generation).toMatchObject({ category: "AI Product", tool: "ai_product", isEdit: false, ownImageCount: 2 });
    const shortId = (id: string) => id.replaceAll("-", "").slice(0, 8);
    expect(gallery.images.map((image) => [image.id, image.editDepth, image.fileName])).toEqual([
      [images[0]?.id, 0, "AI_Product_1.jpg"],
      [images[1]?.id, 0, "AI_Product_2.jpg"],
      [edit.image.id, 1, `AI_Product_edit_${shortId(edit.image.id)}.jpg`],
      [remix.image.id, 2, `AI_Product_edit_${shortId(remix.image.id)}.jpg`],
    ]);

    // An edit's own gallery marks its images as edits and keeps the source tool's limit.
    const editGallery = await loadGallery(ctx.db, owner, edit.edit.id);
    if (editGallery.state !== "ready") throw new Error("expected ready");
    expect(editGallery.generation.isEdit).toBe(true);
    expect(editGallery.images.map((image) => [image.editDepth, image.editWordLimit])).toEqual([
      [1, 100],
      [2, 100],
    ]);
  });

  it("is not found for another user's, an unknown, a malformed or an unpaid generation", async () => {
    const { generation } = await generationWithImages(ctx.db, owner, { createdAt: minutesAgo(1) });
    expect(await loadGallery(ctx.db, stranger, generation.id)).toEqual({ state: "notFound" });
    expect(await loadGallery(ctx.db, owner, "00000000-0000-4000-8000-000000000000")).toEqual({ state: "notFound" });
    expect(await loadGallery(ctx.db, owner, "not-a-uuid")).toEqual({ state: "notFound" });
    const unpaid = await generationWithImages(ctx.db, owner, { tool: "headshot_pro", status: "pending", runAfter: null, images: 0, createdAt: minutesAgo(1) });
    expect(await loadGallery(ctx.db, owner, unpaid.generation.id)).toEqual({ state: "notFound" });
  });

  it("says when the generation is not complete or has no images left", async () => {
    const running = await generationWithImages(ctx.db, owner, { status: "processing", images: 0, createdAt: minutesAgo(1) });
    expect(await loadGallery(ctx.db, owner, running.generation.id)).toMatchObject({
      state: "notComplete",
      generation: { status: "processing" },
    });
    const failed = await generationWithImages(ctx.db, owner, { status: "failed", images: 0, createdAt: minutesAgo(1) });
    await ctx.db
      .update(generations)
      .set({ errorKey: "generation.errors.webhookError", errorDetail: "model overloaded" })
      .where(eq(generations.id, failed.generation.id));
    expect(await loadGallery(ctx.db, owner, failed.generation.id)).toMatchObject({
      state: "notComplete",
      generation: { status: "failed", errorKey: "generation.errors.webhookError", errorDetail: "model overloaded" },
    });

    const emptied = await generationWithImages(ctx.db, owner, { createdAt: minutesAgo(1) });
    await ctx.db.update(generationImages).set({ deletedAt: new Date() }).where(eq(generationImages.generationId, emptied.generation.id));
    expect(await loadGallery(ctx.db, owner, emptied.generation.id)).toMatchObject({ state: "allDeleted" });
    // A generation that never had an image (not one the user emptied) is plainly empty.
    const none = await generationWithImages(ctx.db, owner, { images: 0, createdAt: minutesAgo(1) });
    expect(await loadGallery(ctx.db, owner, none.generation.id)).toMatchObject({ state: "empty" });
  });
});
