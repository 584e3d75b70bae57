import { checkImageFile } from "./check-image-file";
import { compressImage, optimizationSaving, type ImageDecoder } from "./compress-image";

/**
 * Everything that happens to a file the user picked or dropped, as one pure function: check,
 * compress, read as a data URL. The component turns the outcome into toasts and state.
 */
export interface UploadedImage {
  /** The compressed JPEG as a data URL: what drafts keep and server actions receive. */
  dataUrl: string;
  blob: Blob;
  width: number;
  height: number;
  /** Bytes after compression. */
  size: number;
  /** Bytes of the file the user chose. */
  originalSize: number;
}

export type SelectedFileOutcome =
  | { status: "rejected"; problem: "invalidType" }
  | { status: "rejected"; problem: "tooLarge"; size: number }
  | { status: "rejected"; problem: "processingFailed"; cause: unknown }
  | { status: "accepted"; image: UploadedImage; saving: number | null };

export interface SelectedFileDependencies {
  decode: ImageDecoder;
  toDataUrl(blob: Blob): Promise<string>;
}

export async function processSelectedFile(file: Blob, dependencies: SelectedFileDependencies): Promise<SelectedFileOutcome> {
  const problem = checkImageFile(file);
  if (problem?.kind === "invalidType") return { status: "rejected", problem: "invalidType" };
  if (problem?.kind === "tooLarge") return { status: "rejected", problem: "tooLarge", size: problem.size };
  try {
    const compressed = await compressImage(file, dependencies.decode);
    const dataUrl = await dependencies.toDataUrl(compressed.blob);
    return {
      status: "accepted",
      image: {
        dataUrl,
        blob: compressed.blob,
        width: compressed.width,
        height: compressed.height,
        size: compressed.blob.size,
        originalSize: file.size,
      },
      saving: optimizationSaving(file.size, compressed.blob.size),
    };
  } catch (cause) {
    return { status: "rejected", problem: "processingFailed", cause };
  }
}
