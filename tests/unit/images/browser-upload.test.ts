import { describe, expect, it } from "vitest";
import { checkImageFile } from "@/lib/images/browser/check-image-file";
import { compressImage, fitWithin, jpegQualitySteps, optimizationSaving, type DecodedImage } from "@/lib/images/browser/compress-image";
import { formatFileSize } from "@/lib/images/browser/format-file-size";
import { processSelectedFile } from "@/lib/images/browser/process-selected-file";

const megabyte = 1024 * 1024;

/** A stand-in for the canvas: reports a size and "encodes" to a blob whose size depends on quality. */
function fakeDecoder(width: number, height: number, bytesAtQuality: (quality: number) => number) {
  const calls: { width: number; height: number; quality: number }[] = [];
  let released = false;
  const decode = async (): Promise<DecodedImage> => ({
    width,
    height,
    async encodeJpeg(w, h, quality) {
      calls.push({ width: w, height: h, quality });
      return new Blob([new Uint8Array(bytesAtQuality(quality))], { type: "image/jpeg" });
    },
    release() {
      released = true;
    },
  });
  return { decode, calls, wasReleased: () => released };
}

function fileOf(size: number, type: string): Blob {
  return new Blob([new Uint8Array(size)], { type });
}

describe("checkImageFile (spec §5)", () => {
  it("wants an image type and at most 20 MB", () => {
    expect(checkImageFile({ type: "image/png", size: 20 * megabyte })).toBeNull();
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toEqual({ kind: "invalidType" });
    expect(checkImageFile({ type: "", size: 10 })).toEqual({ kind: "invalidType" });
    expect(checkImageFile({ type: "image/jpeg", size: 20 * megabyte + 1 })).toEqual({ kind: "tooLarge", size: 20 * megabyte + 1 });
  });
});

describe("compression", () => {
  it("fits within 1024×1024 keeping the aspect ratio, never enlarging", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 5)).toEqual({ width: 1024, height: 1 });
  });

  it("tries 0.8, then 0.2 lower down to the 0.3 floor", () => {
    expect(jpegQualitySteps()).toEqual([0.8, 0.6, 0.4, 0.3]);
  });

  it("stops at the first quality that is within 1 MB", async () => {
    const codec = fakeDecoder(4000, 3000, (quality) => (quality > 0.5 ? 2 * megabyte : megabyte / 2));
    const result = await compressImage(fileOf(5 * megabyte, "image/jpeg"), codec.decode);
    expect(codec.calls.map((call) => call.quality)).toEqual([0.8, 0.6, 0.4]);
    expect(codec.calls[0]).toMatchObject({ width: 1024, height: 768 });
    expect(result).toMatchObject({ quality: 0.4, width: 1024, height: 768 });
    expect(codec.wasReleased()).toBe(true);
  });

  it("keeps the floor result when even that is over 1 MB", async () => {
    const codec = fakeDecoder(1000, 1000, () => 3 * megabyte);
    const result = await compressImage(fileOf(4 * megabyte, "image/png"), codec.decode);
    expect(result.quality).toBe(0.3);
    expect(codec.calls).toHaveLength(4);
  });

  it("releases the decoded image when encoding fails", async () => {
    const codec = fakeDecoder(10, 10, () => {
      throw new Error("canvas broke");
    });
    await expect(compressImage(fileOf(100, "image/png"), codec.decode)).rejects.toThrow("canvas broke");
    expect(codec.wasReleased()).toBe(true);
  });

  it("reports a saving only above 20 percent", () => {
    expect(optimizationSaving(1000, 790)).toBeCloseTo(0.21);
    expect(optimizationSaving(1000, 800)).toBeNull();
    expect(optimizationSaving(1000, 1200)).toBeNull();
    expect(optimizationSaving(0, 10)).toBeNull();
  });
});

describe("processSelectedFile", () => {
  const toDataUrl = async (blob: Blob) => `data:${blob.type};base64,${Buffer.from(await blob.arrayBuffer()).toString("base64")}`;

  it("rejects a non-image and an oversized file without decoding", async () => {
    const codec = fakeDecoder(10, 10, () => 10);
    expect(await processSelectedFile(fileOf(10, "text/plain"), { decode: codec.decode, toDataUrl })).toEqual({
      status: "rejected",
      problem: "invalidType",
    });
    expect(await processSelectedFile(fileOf(21 * megabyte, "image/jpeg"), { decode: codec.decode, toDataUrl })).toEqual({
      status: "rejected",
      problem: "tooLarge",
      size: 21 * megabyte,
    });
    expect(codec.calls).toHaveLength(0);
  });

  it("reports a processing failure when the image cannot be decoded", async () => {
    const outcome = await processSelectedFile(fileOf(100, "image/png"), {
      decode: () => Promise.reject(new Error("The source image could not be decoded.")),
      toDataUrl,
    });
    expect(outcome).toMatchObject({ status: "rejected", problem: "processingFailed" });
  });

  /** An iPhone photo's first bytes (ftyp box, brand heic); the system often gives it no type at all. */
  const heicFile = (type: string) => new Blob([new Uint8Array([0, 0, 0, 0x18]), "ftypheic\0\0\0\0mif1heic", new Uint8Array(200)], { type });

  it("says a HEIC photo cannot be opened in a browser that cannot decode it, before any upload, whatever its type says", async () => {
    const cannotDecode = { decode: () => Promise.reject(new Error("The source image could not be decoded.")), toDataUrl };
    expect(await processSelectedFile(heicFile(""), cannotDecode)).toEqual({ status: "rejected", problem: "heicUnsupported" });
    expect(await processSelectedFile(heicFile("image/heic"), cannotDecode)).toEqual({ status: "rejected", problem: "heicUnsupported" });
  });

  it("converts a HEIC photo to JPEG where the browser decodes it (Safari)", async () => {
    const codec = fakeDecoder(4032, 3024, () => 400 * 1024);
    const outcome = await processSelectedFile(heicFile(""), { decode: codec.decode, toDataUrl });
    expect(outcome).toMatchObject({ status: "accepted", image: { width: 1024, height: 768 } });
  });

  it("yields the compressed image as a data URL and blob, with the saving", async () => {
    const codec = fakeDecoder(2048, 1024, () => 300 * 1024);
    const outcome = await processSelectedFile(fileOf(3 * megabyte, "image/png"), { decode: codec.decode, toDataUrl });
    if (outcome.status !== "accepted") throw new Error("expected the file to be accepted");
    expect(outcome.image).toMatchObject({ width: 1024, height: 512, size: 300 * 1024, originalSize: 3 * megabyte });
    expect(outcome.image.dataUrl.startsWith("data:image/jpeg;base64,")).toBe(true);
    expect(outcome.saving).toBeCloseTo(0.9);
  });
});

describe("formatFileSize", () => {
  it("uses the reader's language and binary units", () => {
    expect(formatFileSize(4.2 * megabyte, "en")).toBe("4.2 MB");
    expect(formatFileSize(812 * 1024, "en")).toBe("812 kB");
    expect(formatFileSize(4.2 * megabyte, "de")).toBe("4,2 MB");
    expect(formatFileSize(4.2 * megabyte, "fr")).toMatch(/^4,2\s?Mo$/);
  });
});
