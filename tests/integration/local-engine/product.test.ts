import { afterAll, describe, expect, it } from "vitest";
import { stopLocalThread } from "@/lib/generation/engines/local/thread/local-thread";
import { cutOutProduct } from "@/lib/generation/engines/local/product/product-cutout";
import { sceneFromPrompt } from "@/lib/generation/engines/local/product/scene-words";
import { decodeRgb } from "@/lib/images/rgb-raster";
import type { RgbImage } from "@/lib/vision/raster";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, colourDistance, decodeResult, meanRgb, runLocalEngine } from "@/tests/helpers/local-engine";

/**
 * AI Product on the local engine: the shuttle model before a plain studio backdrop is cut out
 * and stands in the scene the prompt describes; the espresso cup on a wooden table (a busy
 * background) is kept whole as a framed print.
 */

afterAll(() => stopLocalThread());

const pixel = (image: RgbImage, x: number, y: number) => {
  const offset = (Math.round(y) * image.width + Math.round(x)) * 3;
  return [image.data[offset]!, image.data[offset + 1]!, image.data[offset + 2]!];
};

describe("local engine: AI Product", () => {
  it("tells a plain background from a busy one by the photo's borders", async () => {
    expect(cutOutProduct(await decodeRgb(await realPhotos.productOnPlainBackground(), 1024)).plain).toBe(true);
    expect(cutOutProduct(await decodeRgb(await realPhotos.productOnBusyBackground(), 1024)).plain).toBe(false);
    expect(cutOutProduct(await decodeRgb(await realPhotos.portrait(), 1024)).plain).toBe(false);
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
