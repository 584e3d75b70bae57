import { afterAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { localEditsFor, parseLocalEdit } from "@/lib/generation/engines/local/edit/edit-vocabulary";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, colourDistance, decodeResult, meanRgb, runLocalEngine } from "@/tests/helpers/local-engine";

/** Edit and remix on the local engine: its vocabulary in five languages, and the edits on real photos. */

afterAll(() => stopEngineProcess());

const sourceImageId = "00000000-0000-4000-8000-000000000001";
const edit = async (photo: Buffer, prompt: string) => {
  const [bytes] = await runLocalEngine({ ...baseJob(photo), tool: "edit", input: { prompt, sourceTool: "hair_changer", sourceImageId } });
  return decodeResult(bytes!);
};

describe("local engine: edits", () => {
  it("understands its edits in five languages and nothing else", () => {
    expect(localEditsFor("Make it brighter and warmer, please")).toEqual(["brighter", "warmer"]);
    expect(localEditsFor("Mach das Bild schwarz-weiß")).toEqual(["blackAndWhite"]);
    expect(localEditsFor("rends l'image plus lumineuse")).toEqual(["brighter"]);
    expect(localEditsFor("desenfocar el fondo")).toEqual(["blurBackground"]);
    expect(localEditsFor("اجعل الصورة أبيض وأسود")).toEqual(["blackAndWhite"]);
    expect(localEditsFor("crop to square")).toEqual(["cropSquare"]);
    // A prompt asking for anything more is refused whole, not half done.
    expect(localEditsFor("brighter and add a hat")).toBeNull();
    expect(parseLocalEdit("add sunglasses").unknownWords).toEqual(["add", "sunglasses"]);
  });

  it("makes a portrait brighter, black and white, and square", async () => {
    const photo = await realPhotos.fullLength();
    const original = await decodeRgb(photo, 1024);
    const whole = (image: typeof original) => ({ x: 0, y: 0, width: image.width, height: image.height });
    const brighter = await edit(photo, "brighter");
    expect(meanRgb(brighter, whole(brighter))[1]).toBeGreaterThan(meanRgb(original, whole(original))[1] + 8);

    const portrait = await realPhotos.portrait();
    const mono = await edit(portrait, "noir et blanc");
    const [r, g, b] = meanRgb(mono, whole(mono));
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(2);

    const landscape = await edit(await realPhotos.cat(), "crop to square");
    expect(landscape.width).toBe(landscape.height);
  });

  it("blurs the background behind the person and leaves the face", async () => {
    const photo = await realPhotos.portrait();
    const original = await decodeRgb(photo, 1024);
    const result = await edit(photo, "blur the background");
    const corner = { x: 0, y: 0, width: 120, height: 120 };
    // The flag's stripes blur into each other: the corner's detail is gone, its colour stays.
    const detail = (image: typeof original) => {
      let sum = 0;
      for (let y = 1; y < 120; y += 1) for (let x = 1; x < 120; x += 1) sum += Math.abs(image.data[(y * image.width + x) * 3]! - image.data[(y * image.width + x - 1) * 3]!);
      return sum;
    };
    expect(detail(result)).toBeLessThan(detail(original) * 0.6);
    expect(colourDistance(meanRgb(result, corner), meanRgb(original, corner))).toBeLessThan(25);
    const face = { x: original.width * 0.4, y: original.height * 0.2, width: original.width * 0.12, height: original.height * 0.1 };
    expect(colourDistance(meanRgb(result, face), meanRgb(original, face))).toBeLessThan(3);
  });
});
