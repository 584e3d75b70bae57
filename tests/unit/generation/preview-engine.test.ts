import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPreviewEngine } from "@/lib/generation/engines/preview/preview-engine";
import { previewMarkPlacement, previewMarkSvg } from "@/lib/generation/engines/preview/preview-mark";
import type { EngineJob } from "@/lib/generation/engines/types";
import type { AiProductInput, HeadshotInput, LookInput } from "@/lib/generation/tools";
import { testPhoto } from "@/tests/helpers/generation";

const engine = createPreviewEngine();
const sourceId = "00000000-0000-4000-8000-000000000001";

async function run(job: EngineJob): Promise<Buffer[]> {
  const images = await engine.run(job, { onProgress: () => {}, signal: new AbortController().signal });
  return images.map((image) => Buffer.from(image));
}

async function base(width = 120, height = 160) {
  return { generationId: "g", prompt: "p", imageCount: 1, image: { data: await testPhoto(width, height), contentType: "image/jpeg" } };
}

const headshot = async (input: Partial<HeadshotInput>, imageCount = 1): Promise<EngineJob> => ({
  ...(await base()),
  tool: "headshot_pro",
  imageCount,
  input: { gender: "female", ageRange: "26_35", styleIds: [1], packageId: "basic", ...input },
});
const product = async (input: Partial<AiProductInput>, size?: [number, number]): Promise<EngineJob> => ({
  ...(await base(...(size ?? [120, 160]))),
  tool: "ai_product",
  input: { prompt: "on a red table", dimension: "auto", presentation: "cutout", ...input },
});
const look = async (tool: "hair_changer" | "body_shaper", input: Partial<LookInput>): Promise<EngineJob> => ({
  ...(await base()),
  tool,
  input: { gender: "female", style: tool === "hair_changer" ? "blonde" : "hourglassFigure", customPrompt: "", ...input },
});
const edit = async (prompt: string): Promise<EngineJob> => ({
  ...(await base()),
  tool: "edit",
  input: { prompt, sourceTool: "ai_product", sourceImageId: sourceId },
});

async function sizeOf(image: Buffer) {
  const { width, height, format } = await sharp(image).metadata();
  return { width, height, format };
}

describe("preview engine", () => {
  it("gives the same bytes for the same photo and options, for every tool", async () => {
    for (const job of [await headshot({ styleIds: [2, 5] }, 3), await product({}), await look("hair_changer", {}), await look("body_shaper", {}), await edit("make it blue")]) {
      expect(await run(job)).toEqual(await run(job));
    }
  }, 30_000);

  it("makes one PNG headshot per shot, cycling styles, all different, 640x800", async () => {
    const images = await run(await headshot({ styleIds: [1, 5] }, 5));
    expect(images).toHaveLength(5);
    expect(new Set(images.map((image) => image.toString("base64"))).size).toBe(5);
    for (const image of images) expect(await sizeOf(image)).toEqual({ width: 640, height: 800, format: "png" });
  });

  it("makes each style and option visibly different", async () => {
    const differ = async (a: EngineJob, b: EngineJob) => expect((await run(a))[0]).not.toEqual((await run(b))[0]);
    await differ(await headshot({ styleIds: [1] }), await headshot({ styleIds: [8] }));
    await differ(await look("hair_changer", { style: "blonde" }), await look("hair_changer", { style: "redhead" }));
    await differ(await look("body_shaper", { style: "hourglassFigure" }), await look("body_shaper", { style: "slimFit" }));
    await differ(await product({ prompt: "on green grass" }), await product({ prompt: "on blue water" }));
    await differ(await edit("make it red"), await edit("add sparkle"));
  });

  it("frames AI Product images in the chosen dimension, auto keeping the photo's ratio", async () => {
    const cases = [
      ["square", 1024, 1024],
      ["landscape", 1024, 576],
      ["portrait", 576, 1024],
    ] as const;
    for (const [dimension, width, height] of cases) {
      const [image] = await run(await product({ dimension }));
      expect(await sizeOf(image ?? Buffer.alloc(0))).toEqual({ width, height, format: "jpeg" });
    }
    const [auto] = await run(await product({ dimension: "auto" }, [200, 100]));
    expect(await sizeOf(auto ?? Buffer.alloc(0))).toEqual({ width: 1024, height: 512, format: "jpeg" });
  });

  it("keeps the photo's size for hair, body and edits", async () => {
    for (const job of [await look("hair_changer", {}), await look("body_shaper", {}), await edit("warmer")]) {
      const [image] = await run(job);
      expect(await sizeOf(image ?? Buffer.alloc(0))).toEqual({ width: 120, height: 160, format: "jpeg" });
    }
  });

  it("fits the Preview mark on tiny and flat images", async () => {
    for (const [width, height] of [[24, 24], [1024, 8], [640, 800]] as const) {
      const mark = previewMarkPlacement(width, height);
      const marked = await sharp({ create: { width, height, channels: 3, background: "#fff" } })
        .composite([mark])
        .png()
        .toBuffer();
      expect((await sharp(marked).stats()).channels[0]?.min).toBeLessThan(255);
    }
  });

  it("keeps the Preview mark whole inside a 3:4 crop of square, wide and tall images", () => {
    for (const [width, height] of [[800, 800], [1600, 900], [900, 1600]] as const) {
      const mark = previewMarkPlacement(width, height);
      const { width: markWidth, height: markHeight } = previewMarkSvg(width, height);
      const crop = width / height > 3 / 4 ? { width: height * 0.75, height } : { width, height: width / 0.75 };
      const cropLeft = (width - crop.width) / 2;
      const cropTop = (height - crop.height) / 2;
      expect(mark.left).toBeGreaterThanOrEqual(cropLeft);
      expect(mark.left + markWidth).toBeLessThanOrEqual(cropLeft + crop.width);
      expect(mark.top).toBeGreaterThanOrEqual(cropTop);
      expect(mark.top + markHeight).toBeLessThanOrEqual(cropTop + crop.height);
    }
  });

  it("stops when the job is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(
      engine.run(await headshot({}, 3), { onProgress: () => {}, signal: controller.signal }),
    ).rejects.toThrow("stop");
  });
});
