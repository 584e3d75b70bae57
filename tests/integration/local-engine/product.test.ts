import { afterAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { cutOutProduct } from "@/lib/generation/engines/local/product/product-cutout";
import { productPlacement } from "@/lib/generation/engines/local/product/render-product";
import { renderScene } from "@/lib/generation/engines/local/product/scene";
import { sceneFromPrompt } from "@/lib/generation/engines/local/product/scene-words";
import { resampleRegion } from "@/lib/generation/engines/local/raster/pixels";
import { seededRandom } from "@/lib/generation/engines/local/raster/random";
import { createMask } from "@/lib/vision/raster";
import { decodeRgb } from "@/lib/images/rgb-raster";
import type { RgbImage } from "@/lib/vision/raster";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, colourDistance, decodeResult, meanRgb, runLocalEngine } from "@/tests/helpers/local-engine";

/**
 * AI Product on the local engine: the shuttle model before a plain studio backdrop is cut out
 * and stands in the scene the prompt describes; the espresso cup on a wooden table (a busy
 * background) is kept whole as a framed print.
 */

afterAll(() => stopEngineProcess());

const pixel = (image: RgbImage, x: number, y: number) => {
  const offset = (Math.round(y) * image.width + Math.round(x)) * 3;
  return [image.data[offset]!, image.data[offset + 1]!, image.data[offset + 2]!];
};

/** A bright blotch of the mottled studio backdrop beside the shuttle's tank, in the 230×400 photo. */
const backdropBlotch = { x: 30, y: 30, width: 25, height: 25 };

describe("local engine: AI Product", () => {
  it("tells a plain background from a busy one by the photo's borders", async () => {
    expect(cutOutProduct(await decodeRgb(await realPhotos.productOnPlainBackground(), 1024)).plain).toBe(true);
    expect(cutOutProduct(await decodeRgb(await realPhotos.productOnBusyBackground(), 1024)).plain).toBe(false);
    expect(cutOutProduct(await decodeRgb(await realPhotos.portrait(), 1024)).plain).toBe(false);
  });

  it("keeps the mottled backdrop out of the matte and the white booster against it in", async () => {
    const photo = await decodeRgb(await realPhotos.productOnPlainBackground(), 1024);
    const cutout = cutOutProduct(photo);
    if (!cutout.plain) throw new Error("expected a plain background");
    const meanMatte = (box: { x: number; y: number; width: number; height: number }) => {
      let sum = 0;
      for (let y = box.y; y < box.y + box.height; y += 1) for (let x = box.x; x < box.x + box.width; x += 1) sum += cutout.matte.data[y * photo.width + x]!;
      return sum / (box.width * box.height);
    };
    // A bright blotch of the backdrop left of the tank's nose (it was kept as a ghost patch) and
    // the right booster, white on light grey (it was taken for backdrop). The photo is 230×400.
    expect(meanMatte(backdropBlotch)).toBeLessThan(0.1);
    expect(meanMatte({ x: 138, y: 150, width: 12, height: 100 })).toBeGreaterThan(0.7);
  });

  it("shows the scene's own wall right around the product, not the old backdrop", async () => {
    const bytes = await realPhotos.productOnPlainBackground();
    const job = baseJob(bytes);
    const prompt = "minimal studio, blue";
    const [out] = await runLocalEngine({ ...job, tool: "ai_product", input: { prompt, dimension: "square" } });
    const result = await decodeResult(out!);
    const scene = await renderScene(sceneFromPrompt(prompt), result.width, result.height, seededRandom(job.generationId));
    const photo = await decodeRgb(bytes, 1024);
    const cutout = cutOutProduct(photo);
    if (!cutout.plain) throw new Error("expected a plain background");
    const { rect } = productPlacement(cutout.matte, { width: result.width, height: result.height, horizon: scene.horizon });
    const matte = resampleRegion(photo, cutout.matte, rect, result.width, result.height).mask;
    const blotch = createMask(photo.width, photo.height);
    for (let y = backdropBlotch.y; y < backdropBlotch.y + backdropBlotch.height; y += 1) blotch.data.fill(1, y * photo.width + backdropBlotch.x, y * photo.width + backdropBlotch.x + backdropBlotch.width);
    const blotchInResult = resampleRegion(photo, blotch, rect, result.width, result.height).mask;
    const oldBackdrop = meanRgb(photo, { x: 0, y: 0, width: 20, height: 20 });
    // A ring a few pixels wide just outside the matte, above the horizon (no shadow falls there), and where the blotch went.
    const near = (index: number) => {
      const x = index % result.width;
      for (const step of [4, 8, 12]) {
        if ((matte.data[index - step] ?? 0) > 0.5 || (matte.data[index + step] ?? 0) > 0.5 || (x >= step && (matte.data[index - step * result.width] ?? 0) > 0.5)) return true;
      }
      return false;
    };
    const distances = { ring: [] as number[], blotch: [] as number[] };
    for (let index = 0; index < scene.horizon * result.width; index += 1) {
      if (matte.data[index]! > 0.02) continue;
      const group = blotchInResult.data[index]! > 0.5 ? distances.blotch : near(index) ? distances.ring : null;
      group?.push(colourDistance(pixel(result, index % result.width, Math.floor(index / result.width)), pixel(scene.image, index % result.width, Math.floor(index / result.width))));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(distances.ring.length).toBeGreaterThan(2000);
    expect(distances.blotch.length).toBeGreaterThan(200);
    expect(mean(distances.ring)).toBeLessThan(10);
    expect(mean(distances.blotch)).toBeLessThan(10);
    // And the wall there is not the old grey backdrop.
    expect(colourDistance(meanRgb(scene.image, { x: 0, y: 0, width: 20, height: 20 }), oldBackdrop)).toBeGreaterThan(15);
  });

  it("reads surface, light and palette from the prompt in five languages", () => {
    expect(sceneFromPrompt("On a marble countertop with soft morning light")).toEqual({ surface: "marble", light: "morning", palette: "neutral" });
    expect(sceneFromPrompt("Auf einem Holztisch bei Sonnenuntergang")).toMatchObject({ surface: "wood", light: "golden" });
    expect(sceneFromPrompt("sur le sable, tons pastel")).toMatchObject({ surface: "sand", palette: "pastel" });
    expect(sceneFromPrompt("sobre agua con luz de neón")).toMatchObject({ surface: "water" });
    expect(sceneFromPrompt("على الرخام بإضاءة درامية")).toMatchObject({ surface: "marble", light: "dramatic" });
  });

  it("cuts the product out of a plain background into a wooden scene at 16:9", async () => {
    const photo = await realPhotos.productOnPlainBackground();
    const [bytes] = await runLocalEngine({ ...baseJob(photo), tool: "ai_product", input: { prompt: "on a wooden table, golden sunset", dimension: "landscape" } });
    const result = await decodeResult(bytes!);
    expect([result.width, result.height]).toEqual([1024, 576]);
    const original = await decodeRgb(photo, 1024);
    const backdrop = meanRgb(original, { x: 0, y: 0, width: 20, height: 20 });
    // The studio backdrop is gone from around the product: the floor is wood now.
    const floor = meanRgb(result, { x: 40, y: result.height - 60, width: 120, height: 40 });
    expect(colourDistance(floor, backdrop)).toBeGreaterThan(60);
    expect(floor[0]).toBeGreaterThan(floor[2] + 30);
    // The product itself is there, in the middle: the brown external tank of the shuttle.
    const tank = meanRgb(original, { x: original.width * 0.42, y: original.height * 0.12, width: original.width * 0.12, height: original.height * 0.1 });
    let found = 0;
    for (let y = 0; y < result.height; y += 2) {
      for (let x = result.width * 0.35; x < result.width * 0.65; x += 2) if (colourDistance(pixel(result, x, y), tank) < 30) found += 1;
    }
    expect(found).toBeGreaterThan(200);
  });

  it("keeps a photo with a busy background whole, as a framed print in the scene", async () => {
    const photo = await realPhotos.productOnBusyBackground();
    const [bytes] = await runLocalEngine({ ...baseJob(photo), tool: "ai_product", input: { prompt: "marble countertop", dimension: "square" } });
    const result = await decodeResult(bytes!);
    expect([result.width, result.height]).toEqual([1024, 1024]);
    // Along the middle row from the left: scene, then the dark frame, then the white mat, then the photo.
    const row = result.height * 0.55;
    const colours = Array.from({ length: result.width / 2 }, (_, x) => pixel(result, x, row));
    const frameAt = colours.findIndex((colour) => Math.max(...colour) < 70);
    expect(frameAt).toBeGreaterThan(0);
    const matAt = colours.findIndex((colour, x) => x > frameAt && Math.min(...colour) > 225);
    expect(matAt).toBeGreaterThan(frameAt);
    expect(matAt - frameAt).toBeLessThan(20);
  });
});
