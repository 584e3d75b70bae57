import type { DecodedImage } from "./compress-image";

/**
 * The browser half of compression: decode with createImageBitmap (EXIF orientation applied)
 * and encode JPEG through a canvas. Kept apart so compress-image.ts stays testable in Node.
 */
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function paint(context: Context2D | null, bitmap: ImageBitmap, width: number, height: number): void {
  if (!context) throw new Error("No 2D canvas context");
  // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}

function encodeOnCanvas(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext("2d"), bitmap, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext("2d"), bitmap, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Canvas encoding failed"))), "image/jpeg", quality);
  });
}

export async function decodeWithCanvas(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  return {
    width: bitmap.width,
    height: bitmap.height,
    encodeJpeg: (width, height, quality) => encodeOnCanvas(bitmap, width, height, quality),
    release: () => bitmap.close(),
  };
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("No data URL")));
    reader.onerror = () => reject(reader.error ?? new Error("Reading the image failed"));
    reader.readAsDataURL(blob);
  });
}
