/**
 * Why an image was refused. Each code has a translated message under `upload.errors` in
 * messages/*.json, so callers return the key and never a raw library error.
 */
export const imageIntakeErrorCodes = [
  "empty",
  "tooLarge",
  "invalidType",
  "heicUnsupported",
  "tooManyPixels",
  "unreadable",
] as const;

export type ImageIntakeErrorCode = (typeof imageIntakeErrorCodes)[number];
export type ImageIntakeMessageKey = `upload.errors.${ImageIntakeErrorCode}`;

export interface ImageIntakeError {
  code: ImageIntakeErrorCode;
  messageKey: ImageIntakeMessageKey;
  /** For server logs only: what the decoder said. Never shown to the user. */
  detail?: string;
}

export function imageIntakeError(code: ImageIntakeErrorCode, detail?: string): ImageIntakeError {
  return { code, messageKey: `upload.errors.${code}`, ...(detail ? { detail } : {}) };
}
