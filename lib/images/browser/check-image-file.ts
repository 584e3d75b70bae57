import { MAX_IMAGE_BYTES } from "../limits";

/**
 * The browser's first look at a chosen file (spec §5): an image type and at most 20 MB. The
 * server checks again from the bytes; this only saves the user a pointless wait.
 */
export type ImageFileProblem = { kind: "invalidType" } | { kind: "tooLarge"; size: number };

export function checkImageFile(file: { type: string; size: number }): ImageFileProblem | null {
  if (!file.type.startsWith("image/")) return { kind: "invalidType" };
  if (file.size > MAX_IMAGE_BYTES) return { kind: "tooLarge", size: file.size };
  return null;
}
