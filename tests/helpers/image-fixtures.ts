import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Test images made on the fly with sharp (no binaries in the repository): good photos and every
 * kind of hostile or broken input the intake must refuse.
 */

export function solidJpeg(width = 64, height = 48, color = "#cc3333"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
}

export function solidPng(width = 64, height = 48, color = "#3366cc"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A landscape JPEG whose EXIF says "rotate 90° clockwise" (orientation 6), with GPS and camera tags. */
export async function exifRotatedJpeg(): Promise<Buffer> {
  const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#ff0000" } }).png().toBuffer();
  // 300×100: red on the left third, blue elsewhere; upright it is 100×300 with red on top.
  const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#0000ff" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return sharp(sideways)
    .withExif({
      IFD0: { Make: "FixtureCam", Model: "Secret Model 9000" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 300/100" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export function cmykJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: "#336699" } })
    .toColourspace("cmyk")
    .jpeg()
    .toBuffer();
}

export function sixteenBitPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
    .toColourspace("rgb16")
    .png()
    .toBuffer();
}

/** Three 20×20 frames: red, green, blue. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ["#ff0000", "#00ff00", "#0000ff"].map((color) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background: color } }).png().toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } }).gif().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * A decompression bomb: a PNG of a few KB whose header claims 30000×30000 grey pixels (900
 * megapixels, gigabytes once decoded). Only the first rows are actually present.
 */
export function decompressionBombPng(size = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const someRows = Buffer.alloc((size + 1) * 64);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(someRows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

export const minimalPdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

export const htmlPage = Buffer.from('<!DOCTYPE html><html><body><img src=x onerror="alert(1)"></body></html>');

export const plainText = Buffer.from("This is not an image, only text in a file called photo.jpg\n");

/** A real JPEG with an HTML payload appended after its end marker. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await solidJpeg(), Buffer.from("<html><script>alert(1)</script></html>")]);
}

/** A real PNG that also reads as a PDF (the PDF header sits in a text chunk). */
export async function pngPdfPolyglot(): Promise<Buffer> {
  const png = await solidPng();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk("tEXt", Buffer.from("Comment\0%PDF-1.7\n1 0 obj")), png.subarray(iend)]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** 21 MB that starts like a JPEG: the size check must refuse it before anything reads it. */
export function oversizedJpegLike(bytes = 21 * 1024 * 1024): Buffer {
  const buffer = Buffer.alloc(bytes);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return buffer;
}
