import { imageIntakeError, type ImageIntakeError } from "./image-intake-errors";
import { MAX_IMAGE_BYTES } from "./limits";

/**
 * Bytes of an image sent as a data URL (drafts keep the compressed upload that way). The MIME
 * type inside the URL is ignored, like every other claim from the browser: normalizeImage reads
 * the real type from the bytes. The size is checked before decoding so an oversized string is
 * refused without allocating its bytes.
 */
const dataUrlPattern = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.+-]+)*;base64,/;

export type ParsedDataUrl = { ok: true; bytes: Buffer } | { ok: false; error: ImageIntakeError };

export function parseImageDataUrl(dataUrl: string, maxBytes = MAX_IMAGE_BYTES): ParsedDataUrl {
  const header = dataUrlPattern.exec(dataUrl.slice(0, 200));
  if (!header) return { ok: false, error: imageIntakeError("invalidType", "not a base64 data URL") };
  const payloadLength = dataUrl.length - header[0].length;
  if (payloadLength === 0) return { ok: false, error: imageIntakeError("empty") };
  if (payloadBytesOfDataUrl(dataUrl) > maxBytes + 2) return { ok: false, error: imageIntakeError("tooLarge") };
  const payload = dataUrl.slice(header[0].length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) {
    return { ok: false, error: imageIntakeError("unreadable", "invalid base64") };
  }
  const bytes = Buffer.from(payload, "base64");
  if (bytes.byteLength > maxBytes) return { ok: false, error: imageIntakeError("tooLarge") };
  return { ok: true, bytes };
}

/** About how many bytes a base64 data URL carries, from its length alone (no decoding). */
export function payloadBytesOfDataUrl(dataUrl: string): number {
  const header = dataUrlPattern.exec(dataUrl.slice(0, 200));
  return Math.floor(((dataUrl.length - (header?.[0].length ?? 0)) * 3) / 4);
}
