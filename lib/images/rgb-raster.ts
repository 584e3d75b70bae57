import sharp from "sharp";
import type { RgbImage } from "@/lib/vision/raster";

/**
 * Between encoded images and the raw RGB pixels the vision layer and the local engine work on:
 * decoded upright (EXIF orientation applied), in sRGB, without alpha, at most `maxSide` pixels
 * on the long side.
 */

export async function decodeRgb(bytes: Uint8Array, maxSide: number): Promise<RgbImage> {
  const { data, info } = await sharp(bytes, { failOn: "error" })
    .rotate()
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * The local engine's results, which the image intake decodes and encodes again before storing:
 * so no fitted Huffman tables, which would only cost CPU here.
 */
export function encodeRgb(image: RgbImage, format: "png" | "jpeg"): Promise<Buffer> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  return (
    format === "png" ? pipeline.png({ compressionLevel: 6 }) : pipeline.jpeg({ quality: 90, chromaSubsampling: "4:4:4", optimiseCoding: false })
  ).toBuffer();
}

/** A smaller copy, at most `maxSide` pixels on the long side (area-averaged by libvips, no aliasing); the image itself when it is small enough. */
export async function shrinkRgb(image: RgbImage, maxSide: number): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(maxSide, maxSide, { fit: "inside", kernel: "linear" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
