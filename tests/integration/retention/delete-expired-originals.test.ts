import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { generations } from "@/db/schema";
import { deleteExpiredOriginals } from "@/lib/retention/delete-expired-originals";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

const day = 24 * 60 * 60 * 1000;
const now = new Date("2025-06-30T12:00:00Z");

describeEachDatabase("deleting uploaded originals after 30 days", (ctx) => {
  let storage: ObjectStorage;
  let userId: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = new LocalDiskStorage({
      root: mkdtempSync(path.join(os.tmpdir(), "retention-")),
      publicBaseUrl: "http://app.test",
      signingSecret: () => "x".repeat(32),
    });
    userId = (await createUser(ctx.db)).id;
  });

  async function generationWithOriginal(ageDays: number) {
    const key = createObjectKey(userId, "originals", "jpg");
    await storage.put(key, Buffer.from("original"), { contentType: "image/jpeg" });
    const generation = await createGeneration(ctx.db, userId, {
      createdAt: new Date(now.getTime() - ageDays * day),
      originalImageKey: key,
    });
    return { generation, key };
  }

  async function rowOf(id: string) {
    const [row] = await ctx.db.select().from(generations).where(eq(generations.id, id));
    return row;
  }

  it("deletes originals older than 30 days, keeps younger ones and every result", async () => {
    const old = await generationWithOriginal(31);
    const young = await generationWithOriginal(29);
    const result = await createImage(ctx.db, old.generation, { position: 0, storage });

    expect(await deleteExpiredOriginals({ db: ctx.db, storage, now })).toEqual({ deleted: 1, failed: 0 });

    expect(await storage.get(old.key)).toBeNull();
    expect(await rowOf(old.generation.id)).toMatchObject({ originalImageKey: null, originalDeletedAt: now });
    expect(await storage.get(young.key)).not.toBeNull();
    expect(await rowOf(young.generation.id)).toMatchObject({ originalImageKey: young.key, originalDeletedAt: null });
    expect(await storage.get(result.storageKey)).not.toBeNull();
  });

  it("finishes a row whose file is already gone, and a second run has nothing to do", async () => {
    const old = await generationWithOriginal(40);
    await storage.delete(old.key);
    expect(await deleteExpiredOriginals({ db: ctx.db, storage, now })).toEqual({ deleted: 1, failed: 0 });
    expect(await deleteExpiredOriginals({ db: ctx.db, storage, now })).toEqual({ deleted: 0, failed: 0 });
  });

  it("works through more rows than one batch", async () => {
    for (let index = 0; index < 5; index += 1) await generationWithOriginal(60 + index);
    expect(await deleteExpiredOriginals({ db: ctx.db, storage, now, batchSize: 2 })).toEqual({ deleted: 5, failed: 0 });
  });

  it("counts a file that cannot be deleted, keeps its row, and goes on with the rest", async () => {
    const stuck = await generationWithOriginal(45);
    const other = await generationWithOriginal(44);
    const failing: ObjectStorage = Object.assign(Object.create(storage), {
      async delete(key: string) {
        if (key === stuck.key) throw new Error("permission denied");
        return storage.delete(key);
      },
    });
    const log = vi.fn();
    expect(await deleteExpiredOriginals({ db: ctx.db, storage: failing, now, log })).toEqual({ deleted: 1, failed: 1 });
    expect(log).toHaveBeenCalledOnce();
    expect(await rowOf(stuck.generation.id)).toMatchObject({ originalImageKey: stuck.key });
    expect(await rowOf(other.generation.id)).toMatchObject({ originalImageKey: null });
  });
});
