import type { GenerationTool } from "@/db/schema/generations";

/**
 * Names of downloaded files (spec §2 and §7): `{category}_{n}.png|jpg` and
 * `{category}_images.zip`, or `headshot_N` and `headshots.zip` for Headshot Pro. The extension
 * is png only when the stored image is a PNG. An edit or remix is `{category}_edit_{id}`: it
 * has no number of its own, and borrowing one gave an edited headshot_1.png the name
 * headshot_1.jpg (issue 19). Shared by the server (zip entries, Content-Disposition) and the
 * browser helpers, so both always agree.
 */
export interface DownloadNaming {
  tool: GenerationTool;
  /** The label shown in activity, e.g. "Hair Changer". */
  category: string;
}

export function imageExtension(contentType: string): "png" | "jpg" | "webp" {
  if (contentType === "image/webp") return "webp"; // a tile's smaller copy (lib/images/image-variants.ts)
  return contentType === "image/png" ? "png" : "jpg";
}

/** "Hair Changer" becomes "Hair_Changer": no spaces or punctuation in file names. */
function categoryStem(category: string): string {
  return category.replace(/[^\p{L}\p{N}]+/gu, "_").replace(/^_+|_+$/g, "") || "image";
}

const fileStem = (naming: DownloadNaming) => (naming.tool === "headshot_pro" ? "headshot" : categoryStem(naming.category));

/** `position` is 1-based: the image's place among the generation's images. */
export function imageDownloadFileName(naming: DownloadNaming, position: number, contentType: string): string {
  return `${fileStem(naming)}_${position}.${imageExtension(contentType)}`;
}

/** `naming.tool` is the tool the first image of the chain came from, so edited headshots stay headshots. */
export function editedImageDownloadFileName(naming: DownloadNaming, imageId: string, contentType: string): string {
  const shortId = imageId.replace(/[^0-9a-f]/gi, "").slice(0, 8) || "image";
  return `${fileStem(naming)}_edit_${shortId}.${imageExtension(contentType)}`;
}

export interface NamedImage {
  id: string;
  /** 0-based place among its generation's images. */
  position: number;
  contentType: string;
  isEdit: boolean;
}

/** The name of any stored image: an original by its number, an edit by its own id. */
export function storedImageDownloadFileName(naming: DownloadNaming, image: NamedImage): string {
  return image.isEdit
    ? editedImageDownloadFileName(naming, image.id, image.contentType)
    : imageDownloadFileName(naming, image.position + 1, image.contentType);
}

export function zipDownloadFileName(naming: DownloadNaming): string {
  return naming.tool === "headshot_pro" ? "headshots.zip" : `${categoryStem(naming.category)}_images.zip`;
}
