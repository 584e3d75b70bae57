import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { hexToRgb } from "@/lib/generation/engines/local/raster/colour";
import { hairColours } from "@/lib/generation/engines/local/hair/hair-colours";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople, type DetectedFace } from "@/lib/vision/people";
import type { RgbImage } from "@/lib/vision/raster";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, colourDistance, decodeResult, meanRgb, runLocalEngine } from "@/tests/helpers/local-engine";

/**
 * Hair Changer on the local engine, judged on pixels of NASA's portrait: the face stays as it
 * was while the hair moves towards the chosen colour, from a tile or from colour words typed in
 * any of the five languages.
 */

let original: RgbImage;
let face: DetectedFace;

beforeAll(async () => {
  original = await decodeRgb(await realPhotos.portrait(), 1024);
  face = (await detectPeople(original, { pose: false })).faces[0]!;
});
afterAll(() => stopEngineProcess());

/** The middle of the face (cheeks, nose, mouth) and a patch of hair above the forehead. */
const faceCentre = () => ({ x: face.box.x + face.box.width * 0.3, y: face.eyes[0].y + face.box.height * 0.1, width: face.box.width * 0.4, height: face.box.height * 0.3 });
const hairPatch = () => ({ x: face.box.x + face.box.width * 0.3, y: face.foreheadTop.y - face.box.height * 0.25, width: face.box.width * 0.4, height: face.box.height * 0.12 });

async function hairChange(style: string, customPrompt = "") {
  const [bytes] = await runLocalEngine({ ...baseJob(await realPhotos.portrait()), tool: "hair_changer", input: { gender: "female", style, customPrompt } });
  return decodeResult(bytes!);
}

/** The colour's hue and saturation without its brightness (texture and shine keep the brightness). */
function chromaticity([r, g, b]: readonly number[]): [number, number, number] {
  const sum = r! + g! + b! + 1e-6;
  return [(r! / sum) * 100, (g! / sum) * 100, (b! / sum) * 100];
}
const luma = ([r, g, b]: readonly number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;

describe("local engine: Hair Changer", () => {
  it.each([
    ["redhead", "", "red"],
    ["custom", "kupferrot", "red"],
    ["custom", "pelo rosa", "pink"],
    ["classicBlack", "", "black"],
    ["custom", "cheveux noirs", "black"],
    ["custom", "شعر أشقر", "blonde"],
  ] as const)("%s %s: the hair moves towards the colour, the face stays", async (style, prompt, colourId) => {
    const result = await hairChange(style, prompt);
    expect(result.width).toBe(original.width);
    const target = hexToRgb(hairColours[colourId].colours[0]!);
    const before = meanRgb(original, hairPatch());
    const after = meanRgb(result, hairPatch());
    if (colourId === "black") {
      expect(luma(after)).toBeLessThan(luma(before) * 0.5);
    } else if (colourId === "blonde") {
      expect(luma(after)).toBeGreaterThan(luma(before) + 20);
    } else {
      const towards = colourDistance(chromaticity(after), chromaticity(target));
      expect(towards).toBeLessThan(colourDistance(chromaticity(before), chromaticity(target)) * 0.75);
    }
    expect(colourDistance(meanRgb(result, faceCentre()), meanRgb(original, faceCentre()))).toBeLessThan(6);
  });

  it("refuses a cut it cannot draw instead of pretending", async () => {
    await expect(
      runLocalEngine({ ...baseJob(await realPhotos.portrait()), tool: "hair_changer", input: { gender: "female", style: "pixieCut", customPrompt: "" } }),
    ).rejects.toMatchObject({ reasonKey: "needsAiEngine" });
  });
});
