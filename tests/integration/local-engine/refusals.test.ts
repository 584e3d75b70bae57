import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { readAvailableCredits } from "@/db/queries/credits";
import { createEdit } from "@/lib/generation/create-edit";
import { createGeneration } from "@/lib/generation/create-generation";
import { GenerationRequestError } from "@/lib/generation/errors";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { checkPhoto } from "@/lib/generation/photo-check/check-photo";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createGeneration as insertCompleteGeneration, createImage } from "@/tests/helpers/image-records";
import { tempStorage, userWithCredits } from "@/tests/helpers/generation";
import { blurred, cropped, darkened, downscaled, fixturePhoto, portraitCrops, realPhotos, wearingGlasses } from "@/tests/helpers/real-photos";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * The photo check and the local engine's refusals, on real photographs: what cannot work is
 * refused before a credit is taken or a file stored; warnings let the user go on.
 */

afterAll(() => stopEngineProcess());

describe("photo check on real photos", () => {
  it("passes a good portrait and names each problem of the others", async () => {
    const portrait = await realPhotos.portrait();
    expect(await checkPhoto("headshot_pro", portrait, "local")).toEqual([]);
    expect(await checkPhoto("headshot_pro", await realPhotos.groupOfTwo(), "local")).toContainEqual({ code: "severalFaces", blocking: true });
    expect(await checkPhoto("hair_changer", await realPhotos.groupOfTwo(), "local")).toContainEqual({ code: "severalFaces", blocking: true });
    expect(await checkPhoto("hair_changer", await realPhotos.cat(), "local")).toEqual([{ code: "noFace", blocking: true }]);
    expect(await checkPhoto("headshot_pro", await realPhotos.noPerson(), "local")).toEqual([{ code: "noFace", blocking: true }]);
    expect(await checkPhoto("body_shaper", await realPhotos.noPerson(), "local")).toEqual([{ code: "noBody", blocking: true }]);
    expect(await checkPhoto("body_shaper", await realPhotos.fullLength(), "local")).toEqual([]);
    // A head-and-shoulders portrait: the pose model puts its hips on the bottom edge, which is not seeing them.
    expect(await checkPhoto("body_shaper", portrait, "local")).toEqual([{ code: "noBody", blocking: true }]);
    expect(await checkPhoto("headshot_pro", await darkened(portrait), "local")).toContainEqual({ code: "tooDark", blocking: false });
    expect(await checkPhoto("headshot_pro", await blurred(portrait, 1.5), "local")).toEqual([{ code: "tooBlurry", blocking: false }]);
    // A hosted engine's result fails on the same photos (decision 25); only the preview engine's stand-ins need nothing of it.
    expect(await checkPhoto("headshot_pro", await realPhotos.noPerson(), "openai")).toEqual([{ code: "noFace", blocking: true }]);
    expect(await checkPhoto("headshot_pro", await realPhotos.noPerson(), "preview")).toEqual([{ code: "noFace", blocking: false }]);
  });

  it("refuses what would fail and warns about what would only be weaker, for Headshot Pro and Hair Changer (issue 36)", async () => {
    const portrait = await realPhotos.portrait();
    const check = (photo: Buffer) => checkPhoto("headshot_pro", photo, "local");
    // One main face: a face far in the background is ignored, a second of similar size is not.
    expect(await check(await realPhotos.faceInBackground())).toEqual([]);
    expect(await check(await realPhotos.headClose())).toEqual([]);
    // A distant person among others: too small for a headshot, the smaller bystander not "several faces".
    expect(await check(await realPhotos.distantInScene())).toContainEqual({ code: "faceTooSmall", blocking: true });
    expect(await check(await realPhotos.distantInScene())).not.toContainEqual(expect.objectContaining({ code: "severalFaces" }));
    expect(await check(await downscaled(portrait, 400))).toEqual([{ code: "faceTooSmall", blocking: false }]);
    expect(await check(await fixturePhoto("webcam-eriberto-45"))).toEqual([{ code: "faceTooSmall", blocking: false }]);
    // Fully in frame: cut at the cheek, the chin or the forehead, but not a tight crop that keeps the face whole.
    for (const crop of [portraitCrops.cutAtLeftCheek, portraitCrops.cutAtChin, portraitCrops.cutAtForehead]) {
      expect(await check(await cropped(portrait, crop))).toEqual([{ code: "faceCutOff", blocking: true }]);
    }
    expect(await check(await cropped(portrait, portraitCrops.tightButWhole))).toEqual([]);
    // The camera man looks a third of the way aside.
    expect(await check(await realPhotos.fullLength())).toContainEqual({ code: "notFrontal", blocking: false });
    // Blurred portraits are said to be blurred, never to show several faces (the suit blurred by
    // several pixels looks like a second face to the detector).
    for (const sigma of [3, 5, 6.5]) expect(await check(await blurred(portrait, sigma))).toEqual([{ code: "tooBlurry", blocking: true }]);
    expect(await check(await blurred(portrait, 8))).toContainEqual({ code: "tooBlurry", blocking: true });
    expect(await checkPhoto("hair_changer", await blurred(portrait, 6.5), "local")).toEqual([{ code: "tooBlurry", blocking: true }]);
  });

  it("refuses a headshot whose eyes are hidden by sunglasses, warns for Hair Changer, and accepts clear glasses (issue 36)", async () => {
    for (const photo of ["portrait", "headClose"] as const) {
      for (const lenses of ["dark", "brown"] as const) {
        const sunglasses = await wearingGlasses(photo, lenses);
        expect(await checkPhoto("headshot_pro", sunglasses, "local")).toEqual([{ code: "eyesHidden", blocking: true }]);
        expect(await checkPhoto("hair_changer", sunglasses, "local")).toEqual([{ code: "eyesHidden", blocking: false }]);
      }
      expect(await checkPhoto("headshot_pro", await wearingGlasses(photo, "clear"), "local")).toEqual([]);
    }
  });

  it("says at step 1 when AI Product's cut-out of a photo cannot be trusted or its product is too small, on the local engine only", async () => {
    expect(await checkPhoto("ai_product", await fixturePhoto("espresso-cup-wood-table"), "local")).toEqual([]);
    expect(await checkPhoto("ai_product", await realPhotos.productOnPlainBackground(), "local")).toEqual([]);
    expect(await checkPhoto("ai_product", await fixturePhoto("gravel-no-object"), "local")).toEqual([{ code: "productNotClear", blocking: true }]);
    // A product small in its photo (issue 36): a square shot enlarges the cup 2.3 times as it is,
    // 3.4 times from 400 px wide (a softer shot, warned about), 8.7 times from 160 px (refused).
    const cup = await fixturePhoto("espresso-cup-white-paper");
    expect(await checkPhoto("ai_product", cup, "local")).toEqual([]);
    expect(await checkPhoto("ai_product", await downscaled(cup, 400), "local")).toEqual([{ code: "productTooSmall", blocking: false }]);
    expect(await checkPhoto("ai_product", await downscaled(cup, 160), "local")).toEqual([{ code: "productTooSmall", blocking: true }]);
    // A hosted model makes the whole scene anew: no cut-out to doubt.
    expect(await checkPhoto("ai_product", await fixturePhoto("gravel-no-object"), "replicate")).toEqual([]);
    // A selfie is no product, whatever the engine; the preview engine's stand-ins look at nothing.
    for (const engine of ["local", "replicate"] as const) {
      expect(await checkPhoto("ai_product", await realPhotos.portrait(), engine)).toEqual([{ code: "portraitNotProduct", blocking: true }]);
    }
    expect(await checkPhoto("ai_product", await realPhotos.portrait(), "preview")).toEqual([]);
    // A person from head to feet is small in the frame: not a portrait (a model wearing the product).
    expect(await checkPhoto("ai_product", await realPhotos.fullLength(), "replicate")).toEqual([]);
  });
});

describeEachDatabase("local engine refusals before credits", (ctx) => {
  let storage: LocalDiskStorage;
  const local = { engineFor: () => "local" as const };

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
  });

  async function refusal(run: () => Promise<unknown>): Promise<string> {
    const error = await run().then(() => null, (caught: unknown) => caught);
    if (!(error instanceof GenerationRequestError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return error.messageKey;
  }

  async function nothingStored(userId: string) {
    const keys: string[] = [];
    for await (const object of storage.list(`${userId}/`)) keys.push(object.key);
    return keys;
  }

  it("refuses a group photo for Headshot Pro, a photo without a person, a face too small, blurred or cut by the edge, eyes behind sunglasses, and a cut the engine cannot draw", async () => {
    const userId = await userWithCredits(ctx.db, 20);
    const headshot = { gender: "female", ageRange: "26_35", styleIds: [1], packageId: "basic" };
    const start = (tool: "headshot_pro" | "hair_changer" | "body_shaper", input: unknown, originalImage: Buffer) =>
      createGeneration(ctx.db, { userId, tool, input, originalImage }, { storage, ...local });

    expect(await refusal(async () => start("headshot_pro", headshot, await realPhotos.groupOfTwo()))).toBe("errors.photoSeveralFaces");
    expect(await refusal(async () => start("hair_changer", { gender: "female", style: "redhead" }, await realPhotos.noPerson()))).toBe("errors.photoNoFace");
    expect(await refusal(async () => start("headshot_pro", headshot, await realPhotos.distantInScene()))).toBe("errors.photoFaceTooSmall");
    expect(await refusal(async () => start("hair_changer", { gender: "female", style: "redhead" }, await blurred(await realPhotos.portrait(), 5)))).toBe(
      "errors.photoTooBlurry",
    );
    expect(await refusal(async () => start("headshot_pro", headshot, await cropped(await realPhotos.portrait(), portraitCrops.cutAtChin)))).toBe(
      "errors.photoFaceCutOff",
    );
    expect(await refusal(async () => start("headshot_pro", headshot, await wearingGlasses("portrait", "dark")))).toBe("errors.photoEyesHidden");
    expect(await refusal(async () => start("body_shaper", { gender: "male", style: "vTaper" }, await realPhotos.noPerson()))).toBe("errors.photoNoBody");
    expect(await refusal(async () => start("hair_changer", { gender: "female", style: "pixieCut" }, await realPhotos.portrait()))).toBe("errors.needsAiEngine");
    expect(await refusal(async () => start("body_shaper", { gender: "male", style: "custom", customPrompt: "six pack abs" }, await realPhotos.fullLength()))).toBe(
      "errors.needsAiEngine",
    );
    expect(await readAvailableCredits(ctx.db, userId)).toBe(20);
    expect(await nothingStored(userId)).toEqual([]);

    const accepted = await start("hair_changer", { gender: "female", style: "custom", customPrompt: "cheveux roux" }, await realPhotos.portrait());
    expect(accepted.creditsCost).toBe(2);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(18);
  });

  it("refuses the same photos for a hosted engine (decision 25), lets its styles through, and only warns on the preview engine", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const start = (engine: "replicate" | "preview", style: string, originalImage: Buffer) =>
      createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style }, originalImage }, { storage, engineFor: () => engine });
    expect(await refusal(async () => start("replicate", "redhead", await realPhotos.distantInScene()))).toBe("errors.photoFaceTooSmall");
    expect(await refusal(async () => start("replicate", "pixieCut", await realPhotos.noPerson()))).toBe("errors.photoNoFace");
    expect(await readAvailableCredits(ctx.db, userId)).toBe(4);
    expect(await nothingStored(userId)).toEqual([]);
    // A cut the local engine cannot draw is a hosted model's to make.
    expect((await start("replicate", "pixieCut", await realPhotos.portrait())).creditsCost).toBe(2);
    expect((await start("preview", "redhead", await realPhotos.noPerson())).creditsCost).toBe(2);
  });

  it("refuses an AI Product cut-out it cannot trust, or a product too small for a sharp shot, before credits, and takes the same photo as the framed print the user chose", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const gravel = await fixturePhoto("gravel-no-object");
    const start = (presentation: string, photo: Buffer) =>
      createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on marble", dimension: "square", presentation }, originalImage: photo }, { storage, ...local });
    expect(await refusal(() => start("cutout", gravel))).toBe("errors.photoProductNotClear");
    expect(await refusal(async () => start("cutout", await downscaled(await fixturePhoto("espresso-cup-white-paper"), 160)))).toBe("errors.photoProductTooSmall");
    expect(await readAvailableCredits(ctx.db, userId)).toBe(4);
    expect(await nothingStored(userId)).toEqual([]);

    // A portrait is refused even as a framed print: it is no product photo.
    expect(await refusal(async () => start("framed", await realPhotos.portrait()))).toBe("errors.photoPortraitNotProduct");
    expect((await start("framed", gravel)).creditsCost).toBe(2);
    expect((await start("cutout", await fixturePhoto("espresso-cup-wood-table"))).creditsCost).toBe(2);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(0);
  });

  it("refuses an edit the local engine does not understand, uncharged, and accepts one it does", async () => {
    const userId = await userWithCredits(ctx.db, 5);
    const generation = await insertCompleteGeneration(ctx.db, userId, { tool: "hair_changer" });
    const image = await createImage(ctx.db, generation, { position: 0 });
    const edit = (prompt: string) => createEdit(ctx.db, { userId, imageId: image.id, prompt }, { engine: "local" });
    expect(await refusal(() => edit("add a hat"))).toBe("errors.editNotUnderstood");
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    await edit("warmer");
    expect(await readAvailableCredits(ctx.db, userId)).toBe(3);
  });
});
