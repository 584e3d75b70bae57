import type { GenerationTool } from "@/db/schema/generations";

/**
 * Names of downloaded files (spec §2 and §7): `{category}_{n}.png|jpg` and
 * `{category}_images.zip`, or `headshot_N` and `headshots.zip` for Headshot Pro. The extension
 * is png only when the stored image is a PNG. Shared by the server (zip entries,
 * Content-Disposition) and the browser helpers, so both always agree.
 */
export interface DownloadNaming {
  tool: GenerationTool;
  /** The label shown in activity, e.g. "Hair Changer". */
  category: string;
}

export function imageExtension(contentType: string): "png" | "jpg" {
  return contentType === "image/png" ? "png" : "jpg";
}

/** "Hair Changer" becomes "Hair_Changer": no spaces or punctuation in file names. */
function categoryStem(category: string): string {
  return category.replace(/[^\p{L}\p{N}]+/gu, "_").replace(/^_+|_+$/g, "") || "image";
}

/** `position` is 1-based: the image's place among the generation's images. */
export function imageDownloadFileName(naming: DownloadNaming, position: number, contentType: string): string {
  const stem = naming.tool === "headshot_pro" ? "headshot" : categoryStem(naming.category);
  return `${stem}_${position}.${imageExtension(contentType)}`;
}

export function zipDownloadFileName(naming: DownloadNaming): string {
  return naming.tool === "headshot_pro" ? "headshots.zip" : `${categoryStem(naming.category)}_images.zip`;
}
