import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_DIMENSION } from "@/lib/images/limits";
import { normalizeImage } from "@/lib/images/normalize-image";
import { readUploadedFile } from "@/lib/images/read-uploaded-file";
import { storeUploadedImage } from "@/lib/images/store-image";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { isValidObjectKey, ownerPrefix } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";
import * as fixtures from "@/tests/helpers/image-fixtures";

/** The whole server path of an upload: posted file, intake checks, normalisation, storage. */
const owner = "33333333-3333-4333-8333-333333333333";

function freshStorage(): ObjectStorage {
  const root = mkdtempSync(path.join(os.tmpdir(), "upload-path-"));
  return new LocalDiskStorage({ root, publicBaseUrl: "http://app.test", signingSecret: () => "x".repeat(32) });
}

async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of storage.list(ownerPrefix(owner))) keys.push(item.key);
  return keys;
}

async function upload(storage: ObjectStorage, bytes: Buffer, name = "photo.jpg", type = "image/jpeg") {
  const read = await readUploadedFile(new File([new Uint8Array(bytes)], name, { type }));
  if (!read.ok) return read;
  return storeUploadedImage(storage, owner, read.bytes);
}

describe("uploading through the server path", () => {
  const badInputs: [string, () => Buffer | Promise<Buffer>, string, string?][] = [
    ["a text file renamed .jpg", () => fixtures.plainText, "invalidType"],
    ["a truncated JPEG", fixtures.truncatedJpeg, "unreadable"],
    ["a 0-byte file", () => Buffer.alloc(0), "empty"],
    ["a 21 MB file", () => fixtures.oversizedJpegLike(), "tooLarge"],
    ["a 30000×30000 PNG of a few KB", () => fixtures.decompressionBombPng(), "tooManyPixels", "image/png"],
    ["an SVG with a script", () => fixtures.svgWithScript, "invalidType", "image/svg+xml"],
    ["a PDF", () => fixtures.minimalPdf, "invalidType", "application/pdf"],
    ["an HTML file sent as image/png", () => fixtures.htmlPage, "invalidType", "image/png"],
    ["a JPEG/HTML polyglot", fixtures.jpegHtmlPolyglot, "invalidType"],
  ];

  for (const [name, make, code, type] of badInputs) {
    it(`refuses ${name} with a message key and stores nothing`, async () => {
      const storage = freshStorage();
      const result = await upload(storage, await make(), "upload.jpg", type);
      expect(result.ok ? "stored" : result.error.messageKey).toBe(`upload.errors.${code}`);
      expect(await storedKeys(storage)).toEqual([]);
    });
  }

  it("keeps serving after a hostile file: the next good upload works", async () => {
    const storage = freshStorage();
    await upload(storage, fixtures.decompressionBombPng());
    const result = await upload(storage, await fixtures.solidJpeg());
    expect(result.ok).toBe(true);
  });

  it("stores an EXIF-rotated photo upright, without metadata, under a random key of its owner", async () => {
    const storage = freshStorage();
    const result = await upload(storage, await fixtures.exifRotatedJpeg());
    if (!result.ok) throw new Error(result.error.code);
    expect(result.image).toMatchObject({ contentType: "image/jpeg", width: 100, height: 300 });
    expect(await storedKeys(storage)).toEqual([result.image.key]);
    const object = await storage.get(result.image.key);
    const stored = object ? await buffer(object.body) : Buffer.alloc(0);
    expect(stored.byteLength).toBe(result.image.byteSize);
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.orientation, metadata.exif]).toEqual([100, 300, undefined, undefined]);
  });

  it("stores CMYK JPEGs, 16-bit PNGs and animated GIFs as plain 8-bit sRGB images", async () => {
    const storage = freshStorage();
    for (const make of [fixtures.cmykJpeg, fixtures.sixteenBitPng, fixtures.animatedGif]) {
      const result = await upload(storage, await make());
      expect(result.ok).toBe(true);
    }
    expect(await storedKeys(storage)).toHaveLength(3);
  });

  it("ignores a file name with ../ or control characters", async () => {
    const storage = freshStorage();
    const result = await upload(storage, await fixtures.solidPng(), "../../../etc/passwd\u0000\u0007\r\n.png", "image/png");
    if (!result.ok) throw new Error(result.error.code);
    expect(isValidObjectKey(result.image.key)).toBe(true);
    expect(result.image.key.startsWith(ownerPrefix(owner))).toBe(true);
    expect(result.image.key).not.toMatch(/passwd|\.\.|[\u0000-\u001f]/);
  });

  it("stores a JPEG upload without fitted Huffman tables, which the waiting request would pay for", async () => {
    const storage = freshStorage();
    const input = await fixtures.solidJpeg(512, 384);
    const result = await upload(storage, input);
    if (!result.ok) throw new Error(result.error.code);
    const object = await storage.get(result.image.key);
    const stored = object ? await buffer(object.body) : Buffer.alloc(0);
    const plain = await normalizeImage(input, { maxDimension: UPLOAD_MAX_DIMENSION, optimiseJpegCoding: false });
    const fitted = await normalizeImage(input, { maxDimension: UPLOAD_MAX_DIMENSION });
    if (!plain.ok || !fitted.ok) throw new Error("the fixture was refused");
    expect(stored.equals(plain.image.data)).toBe(true);
    expect(stored.equals(fitted.image.data)).toBe(false);
  });
});
