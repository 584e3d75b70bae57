import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { findOwnedImage } from "@/db/queries/images";
import { listGenerationImagesWithEdits } from "@/db/queries/generations";
import { generationImages, generations } from "@/db/schema";
import { deleteImage } from "@/lib/results/delete-image";
import type { ObjectStorage } from "@/lib/storage/types";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { tempStorage, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The action resolves the user, the database and the storage through one module each.
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));

const { deleteImageAction } = await import("@/lib/actions/delete-image");

describeEachDatabase("deleting an image (spec §4 Delete)", (ctx) => {
  let storage: ObjectStorage;
  let owner: string;
  let stranger: string;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    state.storage = storage;
    owner = await userWithCredits(ctx.db, 0);
    stranger = await userWithCredits(ctx.db, 0);
    state.user = { id: owner, email: "owner@example.test" };
  });

  /** Whether a file is stored; the opened stream is closed at once. */
  async function isStored(key: string) {
    const object = await storage.get(key);
    object?.body.destroy();
    return object !== null;
  }

  async function storedImages() {
    const generation = await createGeneration(ctx.db, owner, { tool: "ai_product", category: "AI Product" });
    const first = await createImage(ctx.db, generation, { position: 0, storage });
    const second = await createImage(ctx.db, generation, { position: 1, storage });
    return { generation, first, second };
  }

  it("removes the owner's image from its generation and deletes its file", async () => {
    const { generation, first, second } = await storedImages();
    expect(await deleteImage(ctx.db, storage, { userId: owner, imageId: first.id })).toBe("deleted");

    expect(await isStored(first.storageKey)).toBe(false);
    expect(await isStored(second.storageKey)).toBe(true);
    const [row] = await ctx.db.select().from(generationImages).where(eq(generationImages.id, first.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await findOwnedImage(ctx.db, owner, first.id)).toBeUndefined();
    expect((await listGenerationImagesWithEdits(ctx.db, owner, generation.id)).map((image) => image.id)).toEqual([second.id]);
    // Deleting it again finds nothing.
    expect(await deleteImage(ctx.db, storage, { userId: owner, imageId: first.id })).toBe("notFound");
  });

  it("never deletes another user's image", async () => {
    const { first } = await storedImages();
    expect(await deleteImage(ctx.db, storage, { userId: stranger, imageId: first.id })).toBe("notFound");
    expect(await isStored(first.storageKey)).toBe(true);
    expect(await findOwnedImage(ctx.db, owner, first.id)).toBeDefined();

    state.user = { id: stranger, email: "stranger@example.test" };
    expect(await deleteImageAction({ imageId: first.id })).toEqual({ ok: false, error: "errors.imageNotFound" });
    expect(await isStored(first.storageKey)).toBe(true);
  });

  it("answers malformed ids and signed-out callers without touching anything", async () => {
    const { first } = await storedImages();
    expect(await deleteImage(ctx.db, storage, { userId: owner, imageId: "not-a-uuid" })).toBe("notFound");
    expect(await deleteImageAction({ imageId: "not-a-uuid" })).toMatchObject({ ok: false, error: "errors.invalidInput" });
    state.user = null;
    expect(await deleteImageAction({ imageId: first.id })).toEqual({ ok: false, error: "errors.unauthenticated" });
    expect(await isStored(first.storageKey)).toBe(true);
  });

  it("deletes through the server action for the signed-in owner", async () => {
    const { first } = await storedImages();
    expect(await deleteImageAction({ imageId: first.id })).toEqual({ ok: true, data: { imageId: first.id } });
    expect(await isStored(first.storageKey)).toBe(false);
  });

  it("keeps listing a remix after the image it came from was deleted", async () => {
    const { generation, first } = await storedImages();
    const [edit] = await ctx.db
      .insert(generations)
      .values({
        userId: owner,
        tool: "edit",
        category: "AI Product",
        status: "complete",
        parentImageId: first.id,
        input: { prompt: "blue", sourceTool: "ai_product", sourceImageId: first.id },
      })
      .returning();
    if (!edit) throw new Error("no edit");
    const edited = await createImage(ctx.db, edit, { position: 0, storage });
    await deleteImage(ctx.db, storage, { userId: owner, imageId: first.id });

    const gallery = await listGenerationImagesWithEdits(ctx.db, owner, generation.id);
    expect(gallery.map((image) => [image.id, image.depth])).toContainEqual([edited.id, 1]);
    expect(gallery.map((image) => image.id)).not.toContain(first.id);
  });
});
