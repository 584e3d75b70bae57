import { beforeEach, expect, it } from "vitest";
import { markImageDeleted } from "@/db/queries/images";
import { readImageVariant } from "@/lib/images/image-variant-cache";
import { deleteUnreferencedFiles, UNREFERENCED_FILE_GRACE_MS } from "@/lib/retention/delete-unreferenced-files";
import { imageVariantFolder } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";
import { createUser } from "@/tests/helpers/factories";
import { storedKeys, tempStorage } from "@/tests/helpers/generation";
import { solidJpeg } from "@/tests/helpers/image-fixtures";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * The resized copies tiles load (GET /api/images/{id}?w=) are deleted with their image; when that
 * could not happen (a soft-deleted image whose files stayed), the sweep of unreferenced files
 * removes them with their source, and never a copy of an image that is still there.
 */

const afterGrace = () => new Date(Date.now() + UNREFERENCED_FILE_GRACE_MS + 60_000);

describeEachDatabase("sweep of resized copies", (ctx) => {
  let storage: ObjectStorage;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
  });

  it("removes the copies of a deleted image with its file, and keeps those of a live one", async () => {
    const userId = (await createUser(ctx.db)).id;
    const generation = await createGeneration(ctx.db, userId);
    const bytes = await solidJpeg(1024, 1024);
    const [kept, deleted] = [
      await createImage(ctx.db, generation, { position: 0, contentType: "image/jpeg", storage, bytes }),
      await createImage(ctx.db, generation, { position: 1, contentType: "image/jpeg", storage, bytes }),
    ];
    for (const image of [kept, deleted]) {
      for (const accept of ["image/webp", null]) await readImageVariant(storage, image, 256, accept);
    }
    // Deleted without its files (storage failed at the time).
    await markImageDeleted(ctx.db, userId, deleted.id);
    const keptCopies = await storedKeys(storage, imageVariantFolder(kept.storageKey));
    expect(keptCopies).toHaveLength(2);

    expect(await deleteUnreferencedFiles({ db: ctx.db, storage, now: afterGrace() })).toEqual({ checked: 6, deleted: 3, failed: 0 });
    expect(await storedKeys(storage)).toEqual([kept.storageKey, ...keptCopies].sort());
  });
});
