import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { generationImages } from "@/db/schema";
import { deleteImage } from "@/lib/results/delete-image";
import { ownerPrefix } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";
import { createUser } from "@/tests/helpers/factories";
import { storedKeys, tempStorage } from "@/tests/helpers/generation";
import { solidJpeg, solidPng } from "@/tests/helpers/image-fixtures";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The route reads the session, the database and the storage through one function each.
vi.mock("@/lib/api/current-user-id", () => import("@/tests/helpers/request-context").then((m) => m.currentUserIdModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));

const images = await import("@/app/api/images/[id]/route");

const browserAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

function getImage(id: string, query = "", accept = browserAccept) {
  const request = new NextRequest(`http://app.test/api/images/${id}${query}`, { headers: { accept } });
  return images.GET(request, { params: Promise.resolve({ id }) });
}

async function metadataOf(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

describeEachDatabase("smaller copies of result images for tiles (GET /api/images/{id}?w=)", (ctx) => {
  let owner: string;
  let storage: ObjectStorage;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    state.storage = storage;
    owner = (await createUser(ctx.db)).id;
    state.userId = owner;
  });

  async function storedResult(bytes: Buffer, contentType = "image/jpeg", width: number | null = null) {
    const generation = await createGeneration(ctx.db, owner);
    const image = await createImage(ctx.db, generation, { position: 0, contentType, storage, bytes });
    if (width !== null) await ctx.db.update(generationImages).set({ width }).where(eq(generationImages.id, image.id));
    return image;
  }

  it("gives the owner a 256 px WebP copy of a 1024 px image, privately, made once and then read from storage", async () => {
    const image = await storedResult(await solidJpeg(1024, 1365), "image/jpeg", 1024);
    const response = await getImage(image.id, "?w=256");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=3600$/);
    expect(response.headers.get("vary")).toBe("Cookie, Accept");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="Hair_Changer_1.webp"');
    expect(await metadataOf(response)).toMatchObject({ format: "webp", width: 256, height: 341 });

    const cached = await storedKeys(storage, ownerPrefix(owner));
    expect(cached.filter((key) => key.includes("/variants/"))).toHaveLength(1);
    // The second request is served from the stored copy: replace it to tell the two apart.
    const copyKey = cached.find((key) => key.includes("/variants/")) ?? "";
    await storage.put(copyKey, await sharp(await solidJpeg(256, 100)).webp().toBuffer(), { contentType: "image/webp" });
    expect(await metadataOf(await getImage(image.id, "?w=256"))).toMatchObject({ width: 256, height: 100 });
  });

  it("still answers with the copy when storage cannot keep it", async () => {
    const image = await storedResult(await solidJpeg(1024, 1024), "image/jpeg", 1024);
    const failingPut = vi.spyOn(storage, "put").mockRejectedValue(new Error("storage is full"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await getImage(image.id, "?w=512");
    expect(response.status).toBe(200);
    expect(await metadataOf(response)).toMatchObject({ format: "webp", width: 512 });
    expect(failingPut).toHaveBeenCalledOnce();
    expect(quiet).toHaveBeenCalledOnce();
    failingPut.mockRestore();
    quiet.mockRestore();
  });

  it("keeps the stored format for a browser without WebP, and the full image without w or for a download", async () => {
    const image = await storedResult(await solidPng(1024, 1024), "image/png", 1024);
    const png = await getImage(image.id, "?w=512", "image/png,image/*;q=0.8");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(await metadataOf(png)).toMatchObject({ format: "png", width: 512, height: 512 });

    for (const query of ["", "?download=1"]) {
      const full = await getImage(image.id, query);
      expect(full.headers.get("vary")).toBe("Cookie");
      expect(await metadataOf(full)).toMatchObject({ format: "png", width: 1024 });
    }
  });

  it("never enlarges: an image no wider than the copy asked for comes as it is stored", async () => {
    const known = await storedResult(await solidJpeg(600, 800), "image/jpeg", 600);
    const asStored = await getImage(known.id, "?w=768");
    expect(asStored.headers.get("content-type")).toBe("image/jpeg");
    expect(await metadataOf(asStored)).toMatchObject({ width: 600, height: 800 });

    // A row from before widths were recorded: resized without enlargement.
    const unknown = await storedResult(await solidJpeg(300, 400));
    expect(await metadataOf(await getImage(unknown.id, "?w=512"))).toMatchObject({ format: "webp", width: 300, height: 400 });
  });

  it("answers 404 to a stranger and to a signed-out visitor even when a copy is cached", async () => {
    const image = await storedResult(await solidJpeg(1024, 1024), "image/jpeg", 1024);
    expect((await getImage(image.id, "?w=256")).status).toBe(200);
    for (const userId of [(await createUser(ctx.db)).id, null]) {
      state.userId = userId;
      const response = await getImage(image.id, "?w=256");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    }
  });

  it("answers 422 to a width outside the list and to a smaller copy as a download", async () => {
    const image = await storedResult(await solidJpeg(1024, 1024), "image/jpeg", 1024);
    for (const query of ["?w=300", "?w=2048", "?w=0", "?w=abc", "?w=256.0001", "?download=1&w=256"]) {
      const response = await getImage(image.id, query);
      expect(response.status, query).toBe(422);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input" } });
    }
    expect(await storedKeys(storage, ownerPrefix(owner))).toEqual([image.storageKey]);
  });

  it("deletes an image's copies with it: the route answers 404 and storage keeps none of them", async () => {
    const image = await storedResult(await solidJpeg(1024, 1024), "image/jpeg", 1024);
    for (const query of ["?w=256", "?w=512"]) expect((await getImage(image.id, query)).status).toBe(200);
    expect((await getImage(image.id, "?w=256", "image/jpeg")).status).toBe(200);
    expect(await storedKeys(storage, ownerPrefix(owner))).toHaveLength(4);

    expect(await deleteImage(ctx.db, storage, { userId: owner, imageId: image.id })).toBe("deleted");
    expect(await storedKeys(storage, ownerPrefix(owner))).toEqual([]);
    expect((await getImage(image.id, "?w=256")).status).toBe(404);
  });
});
