import "server-only";
import { getLocale } from "next-intl/server";
import { formatFileSize } from "@/lib/images/browser/format-file-size";
import { parseImageDataUrl, payloadBytesOfDataUrl } from "@/lib/images/image-data-url";
import { ActionError } from "./safe-action";

/**
 * The photo a generate button sent as a data URL; null when none was sent (reported as missing
 * later). One over 20 MB (only a client other than the app's own page can send one) gets the
 * spec's 'File Too Large' with its size.
 */
export async function decodeUploadedImage(image: string | null): Promise<Buffer | null> {
  if (image === null) return null;
  const parsed = parseImageDataUrl(image);
  if (parsed.ok) return parsed.bytes;
  if (parsed.error.code === "tooLarge") {
    throw new ActionError("errors.fileTooLarge", { size: formatFileSize(payloadBytesOfDataUrl(image), await getLocale()) });
  }
  throw new ActionError("errors.imageRejected");
}
