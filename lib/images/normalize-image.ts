import sharp, { type Metadata } from "sharp";
import { imageIntakeError, type ImageIntakeError } from "./image-intake-errors";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "./limits";
import { containsActiveContent, sniffImageType, type SniffedImageType } from "./sniff-image-type";

/**
 * The one gate every image passes before it is stored: uploads from the browser and images that
 * image engines return. Nothing about the input is trusted; the stored file is a fresh encoding
 * of decoded pixels, upright, in sRGB, with no metadata at all (EXIF, GPS, XMP, ICC, comments).
 * No "server-only" guard: the benchmarks and a standalone worker import it too.
 */

export interface NormalizeImageOptions {
  /** Longest side of the result; larger images are scaled down to fit (never up). */
  maxDimension: number;
  maxBytes?: number;
  maxPixels?: number;
  /** Decoding a hostile file must not hold a worker thread for long. */
  timeoutSeconds?: number;
  /**
   * Huffman tables fitted to the image (default true): photos come out about 6% smaller, but a
   * JPEG's encoding takes about half as much CPU again.
   */
  optimiseJpegCoding?: boolean;
}

export type NormalizedImageFormat = "jpeg" | "png";

export interface NormalizedImage {
  data: Buffer;
  format: NormalizedImageFormat;
  contentType: "image/jpeg" | "image/png";
  extension: "jpg" | "png";
  width: number;
  height: number;
  sourceType: SniffedImageType;
}

export type NormalizeImageResult = { ok: true; image: NormalizedImage } | { ok: false; error: ImageIntakeError };

/** sharp's name for each sniffed type, to check that libvips picked the loader we expect. */
const sharpFormatOf: Record<SniffedImageType, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
  heic: "heif",
};

const jpegQuality = 90;

function failure(error: ImageIntakeError): NormalizeImageResult {
  return { ok: false, error };
}

function decodeFailure(error: unknown, sourceType: SniffedImageType): NormalizeImageResult {
  const detail = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(detail)) return failure(imageIntakeError("tooManyPixels", detail));
  // The prebuilt libvips reads AVIF but has no HEVC decoder, so most iPhone HEIC photos end here.
  if (sourceType === "heic") return failure(imageIntakeError("heicUnsupported", detail));
  return failure(imageIntakeError("unreadable", detail));
}

/** PNG stays PNG (and GIF becomes PNG) so flat graphics stay lossless; transparency needs PNG too. */
function outputFormat(sourceType: SniffedImageType, hasAlpha: boolean): NormalizedImageFormat {
  return sourceType === "png" || sourceType === "gif" || hasAlpha ? "png" : "jpeg";
}

export async function normalizeImage(input: Uint8Array, options: NormalizeImageOptions): Promise<NormalizeImageResult> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  if (input.byteLength === 0) return failure(imageIntakeError("empty"));
  if (input.byteLength > maxBytes) return failure(imageIntakeError("tooLarge"));

  const sourceType = sniffImageType(input);
  if (!sourceType) return failure(imageIntakeError("invalidType"));
  if (containsActiveContent(input)) return failure(imageIntakeError("invalidType", "active content marker"));

  // `pages: 1` takes the first frame of an animated GIF or WebP; `failOn: "error"` refuses
  // truncated or corrupt data while tolerating the harmless warnings many cameras trigger.
  const sharpOptions = { limitInputPixels: maxPixels, failOn: "error", pages: 1, autoOrient: true } as const;
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);

  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, sharpOptions).metadata();
  } catch (error) {
    return decodeFailure(error, sourceType);
  }
  if (metadata.format !== sharpFormatOf[sourceType]) {
    return failure(imageIntakeError("invalidType", `sniffed ${sourceType}, decoder saw ${metadata.format}`));
  }
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > maxPixels) return failure(imageIntakeError("tooManyPixels"));

  const format = outputFormat(sourceType, metadata.hasAlpha);
  try {
    const pipeline = sharp(buffer, sharpOptions)
      .timeout({ seconds: options.timeoutSeconds ?? 30 })
      .resize({
        width: options.maxDimension,
        height: options.maxDimension,
        fit: "inside",
        withoutEnlargement: true,
      })
      // CMYK and 16-bit inputs become 8-bit sRGB; without keepMetadata() sharp writes none.
      .toColourspace("srgb");
    const encoded = format === "png" ? pipeline.png({ compressionLevel: 6 }) : pipeline.jpeg({ quality: jpegQuality, optimiseCoding: options.optimiseJpegCoding ?? true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: {
        data,
        format,
        contentType: format === "png" ? "image/png" : "image/jpeg",
        extension: format === "png" ? "png" : "jpg",
        width: info.width,
        height: info.height,
        sourceType,
      },
    };
  } catch (error) {
    return decodeFailure(error, sourceType);
  }
}
