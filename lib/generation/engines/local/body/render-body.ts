import { encodeRgb } from "@/lib/images/rgb-raster";
import { createMask, type Mask } from "@/lib/vision/raster";
import type { DetectedFace } from "@/lib/vision/people";
import { JobFailure } from "../../../errors";
import type { LookInput } from "../../../tools";
import { blurMask } from "../raster/pixels";
import type { LocalRenderContext } from "../render-context";
import { analyseSubject } from "../subject";
import { bodyAdjustmentsFor } from "./body-shapes";
import { bodyPinches, warpImage } from "./body-warp";

/**
 * Body Shaper on the local engine: MoveNet's shoulders, hips, elbows and wrists place smooth
 * warps (narrower waist, broader shoulders, wider hips, slimmer or fuller arms). The face is
 * held still: its area is excluded from every warp, with a soft edge.
 */

function faceProtection(face: DetectedFace, width: number, height: number): Mask {
  const mask = createMask(width, height);
  const grow = face.box.width * 0.25;
  const x0 = Math.max(0, Math.floor(face.box.x - grow));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width + grow));
  const y0 = Math.max(0, Math.floor(face.box.y - grow));
  const y1 = Math.min(height, Math.ceil(face.box.y + face.box.height + grow * 0.5));
  for (let y = y0; y < y1; y += 1) mask.data.fill(1, y * width + x0, y * width + x1);
  const feathered = blurMask(mask, face.box.width * 0.08);
  // Inside the face itself nothing moves at all.
  for (let y = Math.max(0, Math.floor(face.box.y)); y < Math.min(height, face.box.y + face.box.height); y += 1) {
    feathered.data.fill(1, y * width + Math.max(0, Math.floor(face.box.x)), y * width + Math.min(width, Math.ceil(face.box.x + face.box.width)));
  }
  return feathered;
}

export async function renderBody(bytes: Uint8Array, input: LookInput, context: LocalRenderContext): Promise<Uint8Array[]> {
  const adjustments = bodyAdjustmentsFor(input.gender, input.style, input.customPrompt);
  if (!adjustments) throw new JobFailure("needsAiEngine", `Body shape ${input.style} is not a contour change the local engine can make`);
  const subject = await analyseSubject(bytes, { pose: true, failureKey: "body" });
  context.progress(0.5);
  const pinches = bodyPinches(subject.pose, subject.personMask, adjustments);
  if (!pinches) throw new JobFailure("noBodyFound", "No shoulders and hips found");
  context.signal.throwIfAborted();
  const warped = warpImage(subject.image, pinches, faceProtection(subject.face, subject.image.width, subject.image.height));
  context.progress(0.9);
  return [await encodeRgb(warped, "jpeg")];
}
