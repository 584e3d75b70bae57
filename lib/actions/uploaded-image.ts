import "server-only";
import { parseImageDataUrl } from "@/lib/images/image-data-url";
import { ActionError } from "./safe-action";

/** The photo a generate button sent as a data URL; null when none was sent (reported as missing later). */
export function decodeUploadedImage(image: string | null): Buffer | null {
  if (image === null) return null;
  const parsed = parseImageDataUrl(image);
  if (!parsed.ok) throw new ActionError("errors.imageRejected");
  return parsed.bytes;
}
