import "server-only";
import { Readable } from "node:stream";
import sharp from "sharp";
import { imageVariantFolder } from "@/lib/storage/object-keys";
import { readBody } from "@/lib/storage/read-body";
import type { ObjectStorage, StoredObject } from "@/lib/storage/types";
import type { ImageVariantWidth } from "./image-variants";

/**
 * Resized copies of stored images, made on first request and kept in storage in one folder per
 * source (imageVariantFolder), so deleting an image lists and removes all its copies at once,
 * and the sweep of unreferenced files removes those whose source is gone. Callers check
 * ownership first; nothing here knows who asks.
 */

type VariantFormat = { extension: "webp" | "jpg" | "png"; contentType: string };

const webp: VariantFormat = { extension: "webp", contentType: "image/webp" };
const jpeg: VariantFormat = { extension: "jpg", contentType: "image/jpeg" };
const png: VariantFormat = { extension: "png", contentType: "image/png" };

/** WebP when the browser takes it (a third the size of a JPEG tile), else the stored format. */
function variantFormat(sourceContentType: string, accept: string | null): VariantFormat {
  if (accept?.includes("image/webp")) return webp;
  return sourceContentType === "image/png" ? png : jpeg;
}

function imageVariantKey(sourceKey: string, width: ImageVariantWidth, format: VariantFormat): string {
  return `${imageVariantFolder(sourceKey)}w${width}.${format.extension}`;
}

async function resize(source: Buffer, width: ImageVariantWidth, format: VariantFormat): Promise<Buffer> {
  // Never wider than the source: a small image comes back at its own size, only re-encoded.
  const pipeline = sharp(source).resize({ width, withoutEnlargement: true });
  if (format === webp) return pipeline.webp({ quality: 80 }).toBuffer();
  if (format === png) return pipeline.png().toBuffer();
  return pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/**
 * The source image at `width`, in a format the browser accepts: the cached copy when there is
 * one, else resized now and cached. Null when the source file is missing.
 */
export async function readImageVariant(
  storage: ObjectStorage,
  source: { storageKey: string; contentType: string },
  width: ImageVariantWidth,
  accept: string | null,
): Promise<StoredObject | null> {
  const format = variantFormat(source.contentType, accept);
  const key = imageVariantKey(source.storageKey, width, format);
  const cached = await storage.get(key);
  if (cached) return cached;
  const original = await storage.get(source.storageKey);
  if (!original) return null;
  const data = await resize(await readBody(original.body), width, format);
  // A copy that could not be kept is made again next time; this answer does not depend on it.
  await storage.put(key, data, { contentType: format.contentType }).catch((error: unknown) => {
    console.error(`Could not keep the resized copy ${key}`, error);
  });
  return { body: Readable.from([data]), contentType: format.contentType, size: data.byteLength };
}

/** Removes every cached copy of a stored image (none is not an error). */
export async function deleteImageVariants(storage: ObjectStorage, sourceKey: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list(imageVariantFolder(sourceKey))) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
}
