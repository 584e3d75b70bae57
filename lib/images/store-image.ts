import { createObjectKey, type ObjectKind } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";
import type { ImageIntakeError } from "./image-intake-errors";
import { UPLOAD_MAX_DIMENSION } from "./limits";
import { normalizeImage } from "./normalize-image";

/**
 * Normalizes an image and stores the result under a fresh key of its owner. A refused image
 * stores nothing and comes back as a typed error with a message key; only storage failures
 * (infrastructure, not the user's fault) are thrown.
 */
export interface StoredImage {
  key: string;
  contentType: "image/jpeg" | "image/png";
  width: number;
  height: number;
  byteSize: number;
}

export type StoreImageResult = { ok: true; image: StoredImage } | { ok: false; error: ImageIntakeError };

export interface StoreImageInput {
  storage: ObjectStorage;
  ownerId: string;
  kind: ObjectKind;
  bytes: Uint8Array;
  maxDimension: number;
  optimiseJpegCoding?: boolean;
}

export async function storeImage(input: StoreImageInput): Promise<StoreImageResult> {
  const normalized = await normalizeImage(input.bytes, { maxDimension: input.maxDimension, optimiseJpegCoding: input.optimiseJpegCoding });
  if (!normalized.ok) return normalized;
  const { image } = normalized;
  const key = createObjectKey(input.ownerId, input.kind, image.extension);
  await input.storage.put(key, image.data, { contentType: image.contentType });
  return {
    ok: true,
    image: { key, contentType: image.contentType, width: image.width, height: image.height, byteSize: image.data.byteLength },
  };
}

/**
 * A photo uploaded for a tool: scaled to the upload size of spec §5, kept as an original. The
 * request that starts a generation waits for this encoding and the file is read back only by the
 * worker (and a data export), so it skips the fitted Huffman tables: a third less CPU per upload
 * for a few percent more bytes.
 */
export function storeUploadedImage(storage: ObjectStorage, ownerId: string, bytes: Uint8Array): Promise<StoreImageResult> {
  return storeImage({ storage, ownerId, kind: "originals", bytes, maxDimension: UPLOAD_MAX_DIMENSION, optimiseJpegCoding: false });
}
