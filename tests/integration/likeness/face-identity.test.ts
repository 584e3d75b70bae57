import { afterAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { createPreviewEngine } from "@/lib/generation/engines/preview/preview-engine";
import { checkLikeness } from "@/lib/generation/likeness/check-likeness";
import { likenessAnalysisSize, measureLikeness } from "@/lib/generation/likeness/measure-likeness";
import { likenessThreshold } from "@/lib/generation/likeness/likeness-rules";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { describeFaces, faceSimilarity } from "@/lib/vision/face-identity";
import { likenessPhotos } from "@/tests/helpers/likeness-photos";
import { realPhotos } from "@/tests/helpers/real-photos";

/**
 * The face descriptor and the likeness measure on real photos (decision 24): one person in
 * different pictures scores at or above the threshold, strangers below; a picture with no face,
 * or two people, is told apart from a likeness.
 */

afterAll(() => stopEngineProcess());

async function descriptorOf(bytes: Buffer): Promise<number[]> {
  const faces = await describeFaces(await decodeRgb(bytes, likenessAnalysisSize));
  expect(faces).toHaveLength(1);
  return faces[0]!.descriptor;
}

describe("face descriptor", () => {
  it("describes the one face of a portrait with 1024 values (the model's inner output, kept by its signature)", async () => {
    const faces = await describeFaces(await decodeRgb(await realPhotos.portrait(), likenessAnalysisSize));
    expect(faces).toHaveLength(1);
    expect(faces[0]!.descriptor).toHaveLength(1024);
    expect(faces[0]!.box.width).toBeGreaterThan(100);
  });

  it("finds no face on a rocket and none on a cat", async () => {
    expect(await describeFaces(await decodeRgb(await realPhotos.noPerson(), likenessAnalysisSize))).toEqual([]);
    expect(await describeFaces(await decodeRgb(await realPhotos.cat(), likenessAnalysisSize))).toEqual([]);
  });

  it("scores three webcam frames of one man as the same person, and him against two strangers below the threshold", async () => {
    const frames = await Promise.all((await likenessPhotos.webcamFrames()).map(descriptorOf));
    const astronaut = await descriptorOf(await realPhotos.portrait());
    const cameraMan = await descriptorOf(await likenessPhotos.stranger());
    for (const [index, frame] of frames.entries()) {
      for (const other of frames.slice(index + 1)) expect(await faceSimilarity(frame, other)).toBeGreaterThanOrEqual(likenessThreshold);
      expect(await faceSimilarity(frame, astronaut)).toBeLessThan(likenessThreshold);
      expect(await faceSimilarity(frame, cameraMan)).toBeLessThan(likenessThreshold);
    }
    expect(await faceSimilarity(astronaut, cameraMan)).toBeLessThan(likenessThreshold);
    expect(await faceSimilarity(astronaut, astronaut)).toBe(1);
  });
});

describe("likeness measure (in the local engine's process)", () => {
  it("passes the user's face reframed and the preview engine's headshots; refuses a stranger, no face and two people", async () => {
    const photo = await likenessPhotos.userPhoto();
    const previews = await createPreviewEngine().run(
      { tool: "headshot_pro", generationId: "likeness", prompt: "", image: { data: photo, contentType: "image/jpeg" }, imageCount: 4, input: { gender: "female", ageRange: "36_45", styleIds: [1, 5], packageId: "basic" } },
      { onProgress: () => {}, signal: new AbortController().signal },
    );
    const images = [await likenessPhotos.samePerson(1), ...previews, await likenessPhotos.stranger(), await likenessPhotos.faceless(), await likenessPhotos.twoPeople()];
    const results = await checkLikeness(photo, images);
    expect(results.map((result) => result.verdict)).toEqual(["passed", "passed", "passed", "passed", "passed", "notSamePerson", "noFace", "severalFaces"]);
    for (const result of results.slice(0, 5)) expect(result.score).toBeGreaterThanOrEqual(0.8);
    expect(results[5]!.score).toBeLessThan(likenessThreshold);
    expect(results[6]).toMatchObject({ faces: 0, score: null });
    expect(results[7]!.faces).toBe(2);
  });

  it("leaves every image unchecked when the user's photo shows no face to compare", async () => {
    expect(await checkLikeness(await realPhotos.noPerson(), [await likenessPhotos.stranger()])).toEqual([{ verdict: "unchecked", score: null, faces: null }]);
  });

  it("measures an image sharp cannot read as one without a face", async () => {
    const findings = await measureLikeness(await likenessPhotos.userPhoto(), [new Uint8Array([1, 2, 3])]);
    expect(findings).toEqual({ referenceHasFace: true, images: [{ faces: 0, score: null }] });
  });
});
