import { sniffImageType } from "../sniff-image-type";
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
  /** An iPhone's HEIC photo this browser cannot open (Safari can: it is converted to JPEG here like any photo). */
  | { status: "rejected"; problem: "heicUnsupported" }
  | { status: "rejected"; problem: "tooLarge"; size: number }
  | { status: "rejected"; problem: "processingFailed"; cause: unknown }
  | { status: "accepted"; image: UploadedImage; saving: number | null };

export interface SelectedFileDependencies {
  decode: ImageDecoder;
  toDataUrl(blob: Blob): Promise<string>;
}

/** Whether the file's first bytes are a HEIC photo's, whatever type the system gave it (often none). */
async function isHeic(file: Blob): Promise<boolean> {
  return sniffImageType(new Uint8Array(await file.slice(0, 64).arrayBuffer())) === "heic";
}

export async function processSelectedFile(file: Blob, dependencies: SelectedFileDependencies): Promise<SelectedFileOutcome> {
  const heic = await isHeic(file);
  const problem = checkImageFile(heic ? { type: "image/heic", size: file.size } : file);
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
    // The server cannot decode HEIC either (README, "Image intake"): said before any upload.
    return heic ? { status: "rejected", problem: "heicUnsupported" } : { status: "rejected", problem: "processingFailed", cause };
  }
}
