import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { normalizeImage } from "@/lib/images/normalize-image";
import { UPLOAD_MAX_DIMENSION } from "@/lib/images/limits";
import * as fixtures from "@/tests/helpers/image-fixtures";

const options = { maxDimension: UPLOAD_MAX_DIMENSION };

/** Mean colour of a region (stats() itself ignores extract(), so the region is cut out first). */
async function regionMeans(data: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const cut = await sharp(data).extract(region).png().toBuffer();
  const [r, g, b] = (await sharp(cut).stats()).channels.map((channel) => channel.mean);
  return { r, g, b };
}

async function expectRefused(input: Buffer, code: string) {
  const result = await normalizeImage(input, options);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.messageKey).toBe(`upload.errors.${code}`);
  }
}

async function expectNormalized(input: Buffer) {
  const result = await normalizeImage(input, options);
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.detail ?? ""}`);
  return result.image;
}

describe("normalizeImage refuses bad input with a message key", () => {
  it("a 0-byte file", () => expectRefused(Buffer.alloc(0), "empty"));
  it("a 21 MB file, before reading it", () => expectRefused(fixtures.oversizedJpegLike(), "tooLarge"));
  it("a text file renamed .jpg", () => expectRefused(fixtures.plainText, "invalidType"));
  it("an HTML file sent as image/png", () => expectRefused(fixtures.htmlPage, "invalidType"));
  it("an SVG with a script", () => expectRefused(fixtures.svgWithScript, "invalidType"));
  it("a PDF", () => expectRefused(fixtures.minimalPdf, "invalidType"));
  it("a JPEG with HTML appended (polyglot)", async () => expectRefused(await fixtures.jpegHtmlPolyglot(), "invalidType"));
  it("a PNG that is also a PDF (polyglot)", async () => expectRefused(await fixtures.pngPdfPolyglot(), "invalidType"));
  it("a truncated JPEG", async () => expectRefused(await fixtures.truncatedJpeg(), "unreadable"));
  it("a JPEG header followed by garbage", () =>
    expectRefused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), "unreadable"));
  it("a 30000×30000 PNG of a few KB (decompression bomb)", async () => {
    const bomb = fixtures.decompressionBombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectRefused(bomb, "tooManyPixels");
  });
  it("a HEIC file the decoder cannot read", () => {
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(200)]);
    return expectRefused(heicHeader, "heicUnsupported");
  });
});

describe("normalizeImage accepts real photos and cleans them", () => {
  it("turns a JPEG with EXIF orientation 6 upright and removes all metadata (GPS included)", async () => {
    const input = await fixtures.exifRotatedJpeg();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    expect(input.includes(Buffer.from("FixtureCam"))).toBe(true);

    const image = await expectNormalized(input);
    expect(image.contentType).toBe("image/jpeg");
    expect([image.width, image.height]).toEqual([100, 300]);
    const metadata = await sharp(image.data).metadata();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(image.data.includes(Buffer.from("FixtureCam"))).toBe(false);
    expect(image.data.includes(Buffer.from("Exif"))).toBe(false);
    // Upright means the red third that was on the left is now on top.
    const top = await regionMeans(image.data, { left: 40, top: 10, width: 20, height: 20 });
    const bottom = await regionMeans(image.data, { left: 40, top: 250, width: 20, height: 20 });
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(50);
    expect(bottom.r).toBeLessThan(50);
    expect(bottom.b).toBeGreaterThan(200);
  });

  it("converts a CMYK JPEG to sRGB", async () => {
    const image = await expectNormalized(await fixtures.cmykJpeg());
    const metadata = await sharp(image.data).metadata();
    expect(metadata.space).toBe("srgb");
    expect(metadata.channels).toBe(3);
  });

  it("turns a 16-bit PNG into an 8-bit PNG that keeps its transparency", async () => {
    const image = await expectNormalized(await fixtures.sixteenBitPng());
    const metadata = await sharp(image.data).metadata();
    expect(image.contentType).toBe("image/png");
    expect(metadata.depth).toBe("uchar");
    expect(metadata.hasAlpha).toBe(true);
  });

  it("keeps the first frame of an animated GIF, as a PNG", async () => {
    const input = await fixtures.animatedGif();
    expect((await sharp(input).metadata()).pages).toBe(3);
    const image = await expectNormalized(input);
    expect(image.contentType).toBe("image/png");
    expect([image.width, image.height]).toEqual([20, 20]);
    const colour = await regionMeans(image.data, { left: 0, top: 0, width: 20, height: 20 });
    expect(colour.r).toBeGreaterThan(200);
    expect(colour.g).toBeLessThan(50);
  });

  it("scales a large image to fit the maximum dimension", async () => {
    const image = await expectNormalized(await fixtures.solidJpeg(3000, 1500));
    expect([image.width, image.height]).toEqual([1024, 512]);
  });

  it("does not enlarge a small image, and keeps PNG as PNG", async () => {
    const image = await expectNormalized(await fixtures.solidPng(40, 30));
    expect([image.width, image.height, image.extension]).toEqual([40, 30, "png"]);
  });

  it("accepts WebP and re-encodes an opaque one as JPEG", async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#123456" } }).webp().toBuffer();
    const image = await expectNormalized(webp);
    expect([image.sourceType, image.extension]).toEqual(["webp", "jpg"]);
  });

  it("accepts an image exactly at the pixel limit and refuses one pixel row more", async () => {
    const limits = { maxDimension: 64, maxPixels: 100 * 100 };
    expect((await normalizeImage(await fixtures.solidPng(100, 100), limits)).ok).toBe(true);
    const over = await normalizeImage(await fixtures.solidPng(100, 101), limits);
    expect(over.ok ? "accepted" : over.error.code).toBe("tooManyPixels");
  });
});

describe("normalizeImage's JPEG encoding", () => {
  it("fits the Huffman tables to the image unless told not to: the same pixels, only a larger file without", async () => {
    const input = await fixtures.solidJpeg(512, 384);
    const fitted = await expectNormalized(input);
    const plain = await normalizeImage(input, { ...options, optimiseJpegCoding: false });
    if (!plain.ok) throw new Error(plain.error.code);
    expect(plain.image.data.byteLength).toBeGreaterThan(fitted.data.byteLength);
    const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    expect((await pixels(plain.image.data)).equals(await pixels(fitted.data))).toBe(true);
  });
});
