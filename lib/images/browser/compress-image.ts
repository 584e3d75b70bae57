import { BROWSER_JPEG_QUALITY, BROWSER_TARGET_BYTES, OPTIMIZED_NOTICE_MIN_SAVING, UPLOAD_MAX_DIMENSION } from "../limits";

/**
 * Spec §5 compression, without the canvas: scale to fit 1024×1024, encode as JPEG at 0.8 and,
 * while the result is over 1 MB, again 0.2 lower, never below 0.3. Decoding and encoding come
 * from a codec (canvas-image-codec.ts in the browser, a fake in tests).
 */
export interface DecodedImage {
  width: number;
  height: number;
  /** JPEG of the image scaled to the given size. */
  encodeJpeg(width: number, height: number, quality: number): Promise<Blob>;
  release(): void;
}

export type ImageDecoder = (file: Blob) => Promise<DecodedImage>;

export interface CompressedImage {
  blob: Blob;
  width: number;
  height: number;
  quality: number;
}

export function fitWithin(width: number, height: number, max = UPLOAD_MAX_DIMENSION): { width: number; height: number } {
  if (width <= max && height <= max) return { width, height };
  const scale = Math.min(max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 0.8, 0.6, 0.4, 0.3: rounded so 0.8 - 0.2 is 0.6 and not 0.6000000000000001. */
export function jpegQualitySteps(): number[] {
  const { initial, step, floor } = BROWSER_JPEG_QUALITY;
  const steps: number[] = [initial];
  let quality: number = initial;
  while (quality > floor) {
    quality = Math.max(floor, Math.round((quality - step) * 10) / 10);
    steps.push(quality);
  }
  return steps;
}

export async function compressImage(file: Blob, decode: ImageDecoder): Promise<CompressedImage> {
  const decoded = await decode(file);
  try {
    if (decoded.width < 1 || decoded.height < 1) throw new Error("The image has no pixels");
    const size = fitWithin(decoded.width, decoded.height);
    let result: CompressedImage | undefined;
    for (const quality of jpegQualitySteps()) {
      const blob = await decoded.encodeJpeg(size.width, size.height, quality);
      result = { blob, ...size, quality };
      if (blob.size <= BROWSER_TARGET_BYTES) break;
    }
    if (!result) throw new Error("No quality step was tried");
    return result;
  } finally {
    decoded.release();
  }
}

/** The share of bytes compression saved, when it is worth the "Image Optimized" notice. */
export function optimizationSaving(originalSize: number, compressedSize: number): number | null {
  if (originalSize <= 0) return null;
  const saving = 1 - compressedSize / originalSize;
  return saving > OPTIMIZED_NOTICE_MIN_SAVING ? saving : null;
}
