import { afterAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople } from "@/lib/vision/people";
import { segmentPerson } from "@/lib/vision/person-mask";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, decodeResult, runLocalEngine } from "@/tests/helpers/local-engine";

/** Body Shaper on the local engine, on the camera man (CC0): the waist outline moves, the face does not. */

afterAll(() => stopEngineProcess());

/** Where the person's outline is on row `y`, right of column `centre` (his front; his back is cut by the photo's edge). */
function outlineRightOf(mask: Mask, y: number, centre: number): number {
  const row = Math.round(y) * mask.width;
  let right = Math.round(centre);
  while (right < mask.width - 1 && mask.data[row + right + 1]! >= 0.5) right += 1;
  return right;
}

function meanAbsoluteDifference(a: RgbImage, b: RgbImage, box: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.round(box.y); y < box.y + box.height; y += 1) {
    for (let x = Math.round(box.x); x < box.x + box.width; x += 1) {
      for (let channel = 0; channel < 3; channel += 1) sum += Math.abs(a.data[(y * a.width + x) * 3 + channel]! - b.data[(y * b.width + x) * 3 + channel]!);
      count += 3;
    }
  }
  return sum / count;
}

describe("local engine: Body Shaper", () => {
  it("narrows the waist with a smooth warp and leaves the face as it was", async () => {
    const photo = await realPhotos.fullLength();
    const original = await decodeRgb(photo, 1024);
    const { faces, pose } = await detectPeople(original, { pose: true });
    const shoulders = (pose!.leftShoulder!.position.y + pose!.rightShoulder!.position.y) / 2;
    const hips = (pose!.leftHip!.position.y + pose!.rightHip!.position.y) / 2;
    const hipX = (pose!.leftHip!.position.x + pose!.rightHip!.position.x) / 2;
    const waistY = shoulders + (hips - shoulders) * 0.68;

    const [bytes] = await runLocalEngine({ ...baseJob(photo), tool: "body_shaper", input: { gender: "male", style: "dadBodToFit", customPrompt: "" } });
    const result = await decodeResult(bytes!);
    expect([result.width, result.height]).toEqual([original.width, original.height]);

    const before = outlineRightOf(await segmentPerson(original), waistY, hipX);
    const after = outlineRightOf(await segmentPerson(result), waistY, hipX);
    const halfWidth = before - hipX;
    // Visible at a glance: the front of the coat moves by a good part of its half-width (at
    // least 16 px of the 800 px photo), yet not so far that the body looks cut away.
    expect(before - after).toBeGreaterThan(Math.max(16, halfWidth * 0.08));
    expect(before - after).toBeLessThan(halfWidth * 0.45);
    expect(meanAbsoluteDifference(original, result, faces[0]!.box)).toBeLessThan(2.5);
  });

  it("leaves the background a little further out unbent (the tripod next to him)", async () => {
    const photo = await realPhotos.fullLength();
    const original = await decodeRgb(photo, 1024);
    const { pose } = await detectPeople(original, { pose: true });
    const shoulders = (pose!.leftShoulder!.position.y + pose!.rightShoulder!.position.y) / 2;
    const hips = (pose!.leftHip!.position.y + pose!.rightHip!.position.y) / 2;
    const hipX = (pose!.leftHip!.position.x + pose!.rightHip!.position.x) / 2;
    const waistY = shoulders + (hips - shoulders) * 0.68;
    const mask = await segmentPerson(original);
    const outline = outlineRightOf(mask, waistY, hipX);
    const halfWidth = outline - hipX;
    const [bytes] = await runLocalEngine({ ...baseJob(photo), tool: "body_shaper", input: { gender: "male", style: "slimFit", customPrompt: "" } });
    const result = await decodeResult(bytes!);
    // Beyond the warp's reach (0.6 half-widths past the outline, with a margin), nothing moved.
    const beyond = { x: outline + halfWidth * 0.75, y: waistY - halfWidth * 0.5, width: Math.min(original.width - 1 - (outline + halfWidth * 0.75), halfWidth * 0.5), height: halfWidth };
    expect(beyond.width).toBeGreaterThan(10);
    expect(meanAbsoluteDifference(original, result, beyond)).toBeLessThan(2.5);
  });

  it("refuses a look that is not a contour change (muscle definition) instead of pretending", async () => {
    await expect(
      runLocalEngine({ ...baseJob(await realPhotos.fullLength()), tool: "body_shaper", input: { gender: "male", style: "sixPackAbs", customPrompt: "" } }),
    ).rejects.toMatchObject({ reasonKey: "needsAiEngine" });
  });
});
