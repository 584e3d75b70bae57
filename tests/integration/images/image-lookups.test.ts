import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { findOwnedGeneration, findOwnedImage, listOwnedGenerationImages } from "@/db/queries/images";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("image and zip lookups are scoped by owner", (ctx) => {
  let owner: string;
  let stranger: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    owner = (await createUser(ctx.db)).id;
    stranger = (await createUser(ctx.db)).id;
  });

  it("finds the owner's image with what a download needs", async () => {
    const generation = await createGeneration(ctx.db, owner, { tool: "headshot_pro", category: "Headshot Pro" });
    const image = await createImage(ctx.db, generation, { position: 2, contentType: "image/png" });
    expect(await findOwnedImage(ctx.db, owner, image.id)).toMatchObject({
      id: image.id,
      storageKey: image.storageKey,
      contentType: "image/png",
      position: 2,
      tool: "headshot_pro",
      category: "Headshot Pro",
    });
  });

  it("gives a second user nothing: not the image, not the generation, not its images", async () => {
    const generation = await createGeneration(ctx.db, owner);
    const image = await createImage(ctx.db, generation, { position: 0 });
    expect(await findOwnedImage(ctx.db, stranger, image.id)).toBeUndefined();
    expect(await findOwnedGeneration(ctx.db, stranger, generation.id)).toBeUndefined();
    expect(await listOwnedGenerationImages(ctx.db, stranger, generation.id)).toEqual([]);
  });

  it("hides deleted images and unknown ids", async () => {
    const generation = await createGeneration(ctx.db, owner);
    const deleted = await createImage(ctx.db, generation, { position: 0, deletedAt: new Date() });
    const kept = await createImage(ctx.db, generation, { position: 1 });
    expect(await findOwnedImage(ctx.db, owner, deleted.id)).toBeUndefined();
    expect(await findOwnedImage(ctx.db, owner, randomUUID())).toBeUndefined();
    const listed = await listOwnedGenerationImages(ctx.db, owner, generation.id);
    expect(listed.map((row) => row.id)).toEqual([kept.id]);
  });

  it("lists a generation's images in their order", async () => {
    const generation = await createGeneration(ctx.db, owner);
    const third = await createImage(ctx.db, generation, { position: 2 });
    const first = await createImage(ctx.db, generation, { position: 0 });
    const second = await createImage(ctx.db, generation, { position: 1 });
    const listed = await listOwnedGenerationImages(ctx.db, owner, generation.id);
    expect(listed.map((row) => row.id)).toEqual([first.id, second.id, third.id]);
  });
});
