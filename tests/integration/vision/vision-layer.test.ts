import http from "node:http";
import https from "node:https";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople } from "@/lib/vision/people";
import { segmentPerson } from "@/lib/vision/person-mask";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { getVisionModels } from "@/lib/vision/vision-models";
import { realPhotos } from "@/tests/helpers/real-photos";

/**
 * The vision layer on real photographs: faces and their mesh, the cat the face detector alone
 * would take for a person, segmentation and pose; and the models load from local files with no
 * network request at all.
 */

const networkCalls: string[] = [];

beforeAll(async () => {
  const record = (name: string) => (...args: unknown[]) => {
    networkCalls.push(`${name} ${String(args[0])}`);
    throw new Error(`network access during model loading: ${name}`);
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(record("fetch"));
  vi.spyOn(http, "request").mockImplementation(record("http.request"));
  vi.spyOn(https, "request").mockImplementation(record("https.request"));
  vi.spyOn(net, "connect").mockImplementation(record("net.connect"));
  await getVisionModels();
});

afterAll(() => {
  vi.restoreAllMocks();
});

async function photo(load: () => Promise<Buffer>): Promise<RgbImage> {
  return decodeRgb(await load(), 1024);
}

function meanOver(mask: Mask, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(y0); y < y1; y += 1) {
    for (let x = Math.floor(x0); x < x1; x += 1) {
      sum += mask.data[y * mask.width + x] ?? 0;
      count += 1;
    }
  }
  return sum / count;
}

describe("vision layer", () => {
  it("loads every model from local files without a single network request", async () => {
    const models = await getVisionModels();
    expect(models.human.tf.getBackend()).toBe("wasm");
    await detectPeople(await photo(realPhotos.portrait), { pose: true });
    await segmentPerson(await photo(realPhotos.portrait));
    expect(networkCalls).toEqual([]);
  });

  it("finds the one face of a portrait with its 478-point mesh, eyes level and inside the face", async () => {
    const image = await photo(realPhotos.portrait);
    const { faces } = await detectPeople(image, { pose: false });
    expect(faces).toHaveLength(1);
    const [face] = faces;
    expect(face?.mesh).toHaveLength(478);
    expect(face?.meshScore).toBeGreaterThan(0.9);
    const box = face!.box;
    expect(box.width).toBeGreaterThan(150);
    for (const eye of face!.eyes) {
      expect(eye.x).toBeGreaterThan(box.x);
      expect(eye.x).toBeLessThan(box.x + box.width);
      expect(eye.y).toBeLessThan(face!.chin.y);
    }
    expect(Math.abs(face!.roll)).toBeLessThan(0.2);
  });

  it("counts both faces of a group photo and none on a cat or a rocket", async () => {
    expect((await detectPeople(await photo(realPhotos.groupOfTwo), { pose: false })).faces).toHaveLength(2);
    expect((await detectPeople(await photo(realPhotos.cat), { pose: false })).faces).toHaveLength(0);
    expect((await detectPeople(await photo(realPhotos.noPerson), { pose: false })).faces).toHaveLength(0);
  });

  it("finds shoulders and hips of a full-length person", async () => {
    const { pose } = await detectPeople(await photo(realPhotos.fullLength), { pose: true });
    for (const part of ["leftShoulder", "rightShoulder", "leftHip", "rightHip"] as const) {
      expect(pose?.[part]?.score, part).toBeGreaterThan(0.3);
    }
    expect(pose!.leftHip!.position.y).toBeGreaterThan(pose!.leftShoulder!.position.y);
  });

  it("segments the person: the face is inside the matte, the photo's top corners are not", async () => {
    const image = await photo(realPhotos.portrait);
    const mask = await segmentPerson(image);
    expect(mask.width).toBe(image.width);
    const { faces } = await detectPeople(image, { pose: false });
    const box = faces[0]!.box;
    expect(meanOver(mask, box.x + box.width * 0.25, box.y + box.height * 0.25, box.x + box.width * 0.75, box.y + box.height * 0.75)).toBeGreaterThan(0.9);
    const corner = image.width * 0.12;
    expect(meanOver(mask, image.width - corner, 0, image.width, corner)).toBeLessThan(0.1);
  });
});
