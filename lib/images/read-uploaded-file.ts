import { imageIntakeError, type ImageIntakeError } from "./image-intake-errors";
import { MAX_IMAGE_BYTES } from "./limits";

/**
 * The bytes of a file posted as multipart form data. Its size is checked before it is read, and
 * its name and type are ignored on purpose: names like `../../etc/passwd` or ones with control
 * characters never reach storage (keys are random), and the type is read from the bytes.
 */
export type ReadUploadedFileResult = { ok: true; bytes: Buffer } | { ok: false; error: ImageIntakeError };

export async function readUploadedFile(file: Blob, maxBytes = MAX_IMAGE_BYTES): Promise<ReadUploadedFileResult> {
  if (file.size === 0) return { ok: false, error: imageIntakeError("empty") };
  if (file.size > maxBytes) return { ok: false, error: imageIntakeError("tooLarge") };
  return { ok: true, bytes: Buffer.from(await file.arrayBuffer()) };
}
