import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import { listGenerationImagesWithEdits } from "@/db/queries/generations";
import { readAvailableCredits } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { createEdit } from "@/lib/generation/create-edit";
import { createGeneration, createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { releaseWaitingGeneration } from "@/db/queries/generations";
import { GenerationRequestError, MissingGenerationDataError, RejectedImageError } from "@/lib/generation/errors";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { ownerPrefix } from "@/lib/storage/object-keys";
import { createGeneration as insertCompleteGeneration, createImage } from "@/tests/helpers/image-records";
import { generationRow, ledgerOf, storedKeys, tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("creating generations and edits", (ctx) => {
  let storage: LocalDiskStorage;
  let photo: Buffer;
  const product = { prompt: "on a marble table", dimension: "square" };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    photo ??= await testPhoto();
  });

  it("stores the original privately, queues the job and spends its credits in one go", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    const { id, creditsCost } = await createGeneration(
      ctx.db,
      { userId, tool: "ai_product", input: product, originalImage: photo },
      { storage },
    );
    expect(creditsCost).toBe(2);
    const row = await generationRow(ctx.db, id);
    expect(row).toMatchObject({ status: "pending", tool: "ai_product", category: "AI Product", creditsCost: 2, numberShots: 1 });
    // The parsed input, with its defaults: a cut-out unless the user chose a framed print.
    expect(row.input).toEqual({ ...product, presentation: "cutout" });
    expect(row.originalImageKey).toMatch(new RegExp(`^${userId}/originals/`));
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([row.originalImageKey]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(3);
    expect(await ledgerOf(ctx.db, id)).toEqual([{ kind: "spend", delta: -2, causeKey: `generation:${id}:spend` }]);
  });

  it("refuses with required and available credits and leaves nothing behind", async () => {
    const userId = await userWithCredits(ctx.db, 1);
    const attempt = createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "male", style: "spiky" }, originalImage: photo }, { storage });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ required: 2, available: 1 });
    expect(await ctx.db.select().from(generations)).toHaveLength(0);
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(1);
  });

  it("deletes the stored original when the transaction fails after storing it", async () => {
    const userId = await userWithCredits(ctx.db, 2);
    // Two requests race for the last 2 credits: the pre-check passes for both, the spend for one.
    const results = await Promise.allSettled([
      createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: photo }, { storage }),
      createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: photo }, { storage }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rows = await ctx.db.select().from(generations);
    expect(rows).toHaveLength(1);
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([rows[0]?.originalImageKey]);
  });

  it("names missing data, refuses bad images and cash packs, and stores nothing", async () => {
    const userId = await userWithCredits(ctx.db, 100);
    await expect(
      createGeneration(ctx.db, { userId, tool: "headshot_pro", input: { gender: "male" }, originalImage: null }, { storage }),
    ).rejects.toMatchObject({ messageKey: "errors.missingHeadshotData", fields: ["image", "styleIds", "ageRange"] });
    await expect(
      createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: Buffer.from("<html>not an image</html>") }, { storage }),
    ).rejects.toBeInstanceOf(RejectedImageError);
    const cashPack = { gender: "male", ageRange: "26_35", styleIds: [1], packageId: "10_headshots" };
    await expect(
      createGeneration(ctx.db, { userId, tool: "headshot_pro", input: cashPack, originalImage: photo }, { storage }),
    ).rejects.toMatchObject({ messageKey: "errors.cashPackNeedsCheckout" });
    expect(await ctx.db.select().from(generations)).toHaveLength(0);
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([]);
    expect(MissingGenerationDataError.prototype).toBeInstanceOf(GenerationRequestError);
  });

  it("creates a cash-pack headshot job that waits for payment until released once", async () => {
    const userId = await userWithCredits(ctx.db, 0);
    const input = { gender: "female", ageRange: "18_25", styleIds: [2, 3], packageId: "25_headshots" };
    const { id } = await createHeadshotAwaitingPayment(ctx.db, { userId, input, originalImage: photo }, { storage });
    expect(await generationRow(ctx.db, id)).toMatchObject({ status: "pending", runAfter: null, creditsCost: 0, numberShots: 25 });
    expect(await releaseWaitingGeneration(ctx.db, id)).toBe(true);
    expect(await releaseWaitingGeneration(ctx.db, id)).toBe(false);
    expect((await generationRow(ctx.db, id)).runAfter).toBeInstanceOf(Date);
    await expect(
      createHeadshotAwaitingPayment(ctx.db, { userId, input: { ...input, packageId: "basic" }, originalImage: photo }, { storage }),
    ).rejects.toMatchObject({ messageKey: "errors.invalidInput" });
  });

  it("edits only the owner's images, within the source tool's word limit, keeping the remix chain", async () => {
    const owner = await userWithCredits(ctx.db, 10);
    const stranger = await userWithCredits(ctx.db, 10);
    const hair = await insertCompleteGeneration(ctx.db, owner, { tool: "hair_changer", category: "Hair Changer" });
    const image = await createImage(ctx.db, hair, { position: 0 });

    await expect(createEdit(ctx.db, { userId: stranger, imageId: image.id, prompt: "red" })).rejects.toMatchObject({
      messageKey: "errors.editImageNotFound",
    });
    await expect(createEdit(ctx.db, { userId: owner, imageId: "not-a-uuid", prompt: "red" })).rejects.toMatchObject({
      messageKey: "errors.editImageNotFound",
    });
    await expect(createEdit(ctx.db, { userId: owner, imageId: image.id, prompt: "   " })).rejects.toMatchObject({
      messageKey: "errors.promptRequired",
    });
    await expect(
      createEdit(ctx.db, { userId: owner, imageId: image.id, prompt: "one two three four five six seven eight nine ten eleven" }),
    ).rejects.toMatchObject({ messageKey: "errors.promptTooLong", values: { limit: 10 } });

    const edit = await createEdit(ctx.db, { userId: owner, imageId: image.id, prompt: "make it red" });
    expect(await generationRow(ctx.db, edit.id)).toMatchObject({
      tool: "edit",
      category: "Hair Changer",
      parentImageId: image.id,
      creditsCost: 2,
      input: { prompt: "make it red", sourceTool: "hair_changer", sourceImageId: image.id },
    });
    expect(await readAvailableCredits(ctx.db, owner)).toBe(8);

    // The edit's result, then a remix of it: both listed with the original generation.
    const editResult = await createImage(ctx.db, { id: edit.id, userId: owner }, { position: 0 });
    await ctx.db.update(generations).set({ status: "complete" }).where(eq(generations.id, edit.id));
    const remix = await createEdit(ctx.db, { userId: owner, imageId: editResult.id, prompt: "now blue" });
    expect((await generationRow(ctx.db, remix.id)).input).toMatchObject({ sourceTool: "hair_changer" });
    const remixResult = await createImage(ctx.db, { id: remix.id, userId: owner }, { position: 0 });

    const gallery = await listGenerationImagesWithEdits(ctx.db, owner, hair.id);
    expect(gallery.map((row) => [row.id, row.depth])).toEqual([
      [image.id, 0],
      [editResult.id, 1],
      [remixResult.id, 2],
    ]);
    expect(await listGenerationImagesWithEdits(ctx.db, stranger, hair.id)).toEqual([]);
  });

  it("allows 100 words when editing headshots and AI Product images", async () => {
    const owner = await userWithCredits(ctx.db, 10);
    const generation = await insertCompleteGeneration(ctx.db, owner, { tool: "ai_product", category: "AI Product" });
    const image = await createImage(ctx.db, generation, { position: 0 });
    const words = (count: number) => Array.from({ length: count }, (_, n) => `w${n}`).join(" ");
    await expect(createEdit(ctx.db, { userId: owner, imageId: image.id, prompt: words(100) })).resolves.toMatchObject({ creditsCost: 2 });
    await expect(createEdit(ctx.db, { userId: owner, imageId: image.id, prompt: words(101) })).rejects.toMatchObject({
      messageKey: "errors.promptTooLong",
      values: { limit: 100 },
    });
  });
});
