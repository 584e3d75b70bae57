import { afterAll, describe, expect, it } from "vitest";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { detectPeople } from "@/lib/vision/people";
import { decodeRgb } from "@/lib/images/rgb-raster";
import type { HeadshotInput } from "@/lib/generation/tools";
import { realPhotos } from "@/tests/helpers/real-photos";
import { baseJob, colourDistance, decodeResult, meanRgb, runLocalEngine } from "@/tests/helpers/local-engine";

/** Headshot Pro on the local engine, judged on the pixels of a real portrait's results. */

afterAll(() => stopEngineProcess());

describe("local engine: Headshot Pro", () => {
  it("cuts the person out onto a new backdrop, keeps and centres the face, and varies the shots", async () => {
    const photo = await realPhotos.portrait();
    const input: HeadshotInput = { gender: "female", ageRange: "36_45", styleIds: [1, 3], packageId: "basic" };
    const shots = await runLocalEngine({ ...baseJob(photo, 3), tool: "headshot_pro", input });
    expect(shots).toHaveLength(3);

    const original = await decodeRgb(photo, 1024);
    const [originalFace] = (await detectPeople(original, { pose: false })).faces;
    const corner = (image: { width: number }) => ({ x: 0, y: 0, width: image.width * 0.12, height: image.width * 0.12 });

    for (const bytes of shots) {
      const shot = await decodeResult(bytes);
      expect(shot.width / shot.height).toBeCloseTo(0.8, 2);
      // The backdrop is new: the flag in the portrait's top-left corner is gone.
      expect(colourDistance(meanRgb(shot, corner(shot)), meanRgb(original, corner(original)))).toBeGreaterThan(60);
      // The face is still there, still a human face, and placed by the framing rules.
      const faces = (await detectPeople(shot, { pose: false })).faces;
      expect(faces).toHaveLength(1);
      const face = faces[0]!;
      expect(face.meshScore).toBeGreaterThan(0.9);
      const centreX = face.box.x + face.box.width / 2;
      expect(Math.abs(centreX / shot.width - 0.5)).toBeLessThan(0.1);
      const eyeLine = (face.eyes[0].y + face.eyes[1].y) / 2 / shot.height;
      expect(eyeLine).toBeGreaterThan(0.3);
      expect(eyeLine).toBeLessThan(0.5);
      // Same skin and features: the face's colour barely moves (a gentle grade, no repaint).
      const inner = (box: typeof face.box) => ({ x: box.x + box.width * 0.3, y: box.y + box.height * 0.45, width: box.width * 0.4, height: box.height * 0.2 });
      expect(colourDistance(meanRgb(shot, inner(face.box)), meanRgb(original, inner(originalFace!.box)))).toBeLessThan(25);
    }
    // Two shots of one style differ (framing and light), not ten copies.
    const [first, , third] = await Promise.all(shots.map(decodeResult));
    const mid = { x: 0, y: 0, width: first!.width, height: first!.height };
    expect(colourDistance(meanRgb(first!, mid), meanRgb(third!, mid))).toBeGreaterThan(0.5);
    expect(Buffer.compare(Buffer.from(shots[0]!), Buffer.from(shots[2]!))).not.toBe(0);
  });

  it("refuses a photo without a person's face", async () => {
    const input: HeadshotInput = { gender: "female", ageRange: "36_45", styleIds: [3], packageId: "basic" };
    await expect(runLocalEngine({ ...baseJob(await realPhotos.cat(), 1), tool: "headshot_pro", input })).rejects.toMatchObject({
      reasonKey: "noPersonFound",
    });
  });
});
