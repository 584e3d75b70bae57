import sharp, { type Sharp } from "sharp";
import { decodeRgb, encodeRgb } from "@/lib/images/rgb-raster";
import { smoothstepMask } from "@/lib/vision/mask-filters";
import { detectPeople } from "@/lib/vision/people";
import { segmentPerson } from "@/lib/vision/person-mask";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import type { EditJobInput } from "../../../edit-input";
import { JobFailure } from "../../../errors";
import { applyGrade, lumaOf, neutralGrade, type ColourGrade } from "../raster/colour";
import { compositeInto, createRgb } from "../raster/pixels";
import type { LocalRenderContext } from "../render-context";
import { confidentCutout } from "../product/cutout-confidence";
import { cutOutProduct } from "../product/product-cutout";
import { workingSize } from "../subject";
import { localEditsFor, type LocalEdit } from "./edit-vocabulary";

/**
 * Edit and remix on the local engine: the edits of edit-vocabulary.ts, applied in a fixed order
 * (framing, then background, then colour and light, then sharpening), whatever order the prompt
 * names them in.
 */

const toneEdits: Partial<Record<LocalEdit, Partial<ColourGrade>>> = {
  brighter: { exposure: 1.18 },
  darker: { exposure: 0.82 },
  warmer: { warmth: 0.8 },
  cooler: { warmth: -0.8 },
  moreContrast: { contrast: 1.22 },
  lessContrast: { contrast: 0.82, fade: 0.04 },
  vivid: { saturation: 1.35 },
  muted: { saturation: 0.65 },
};

async function withSharp(image: RgbImage, change: (pipeline: Sharp) => Sharp): Promise<RgbImage> {
  const { data, info } = await change(sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** The subject's matte: a person when there is a face, else a product cut out with confidence. */
async function subjectMatte(image: RgbImage): Promise<Mask> {
  const { faces } = await detectPeople(image, { pose: false });
  if (faces.length > 0) return smoothstepMask(await segmentPerson(image), 0.35, 0.85);
  const product = await cutOutProduct(image);
  if (product.confidence >= confidentCutout) return smoothstepMask(product.matte, 0.3, 0.7);
  throw new JobFailure("editNoSubject", "No person and no clear product to separate from the background");
}

function toSepia(image: RgbImage) {
  for (let index = 0; index < image.width * image.height; index += 1) {
    const offset = index * 3;
    const luma = lumaOf(image.data[offset]!, image.data[offset + 1]!, image.data[offset + 2]!);
    image.data[offset] = Math.min(255, luma * 1.07 + 18);
    image.data[offset + 1] = Math.min(255, luma * 0.95 + 8);
    image.data[offset + 2] = Math.min(255, luma * 0.78);
  }
}

export async function renderEdit(bytes: Uint8Array, input: EditJobInput, context: LocalRenderContext): Promise<Uint8Array[]> {
  const edits = localEditsFor(input.prompt);
  if (!edits) throw new JobFailure("needsAiEngine", `Edit prompt not understood by the local engine: ${input.prompt}`);
  const wants = (edit: LocalEdit) => edits.includes(edit);
  let image = await decodeRgb(bytes, workingSize);

  if (wants("cropSquare")) {
    const side = Math.min(image.width, image.height);
    image = await withSharp(image, (pipeline) => pipeline.resize(side, side, { fit: "cover", position: sharp.strategy.attention }));
  }
  if (wants("mirror")) image = await withSharp(image, (pipeline) => pipeline.flop());
  context.progress(0.2);

  if (wants("blurBackground") || wants("removeBackground")) {
    const matte = await subjectMatte(image);
    const behind = wants("removeBackground")
      ? { ...createRgb(image.width, image.height), data: new Uint8Array(image.width * image.height * 3).fill(255) }
      : await withSharp(image, (pipeline) => pipeline.blur(Math.max(4, image.width / 90)));
    compositeInto(behind, image, matte);
    image = behind;
  }
  context.progress(0.6);
  context.signal.throwIfAborted();

  const grade = edits.reduce<ColourGrade>((total, edit) => ({ ...total, ...toneEdits[edit] }), neutralGrade);
  if (grade !== neutralGrade) applyGrade(image, grade);
  if (wants("blackAndWhite")) applyGrade(image, { ...neutralGrade, saturation: 0 });
  if (wants("sepia")) toSepia(image);
  if (wants("sharpen")) image = await withSharp(image, (pipeline) => pipeline.sharpen({ sigma: 1.2, m1: 1, m2: 2.5 }));
  context.progress(0.9);
  return [await encodeRgb(image, "jpeg")];
}

