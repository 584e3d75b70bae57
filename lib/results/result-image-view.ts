import { storedImageDownloadFileName } from "@/lib/downloads/download-file-names";
import { imageUrl } from "@/lib/downloads/image-urls";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { findTool, type ToolId } from "@/lib/generation/tools";

/**
 * One image as the shared result components show it (tile, grid, lightbox, edit dialog). Plain
 * data, so a server page and a client results page build the same thing: the gallery and the
 * dashboard from database rows, the tools' results pages from the generation status they poll.
 */
export interface ResultImageView {
  id: string;
  url: string;
  /** `{category}_{n}.jpg`, `headshot_N.png`, or `…_edit_{id}.jpg` for an edit: the name a download saves under. */
  fileName: string;
  width: number | null;
  height: number | null;
  generationId: string;
  /** Category label of spec §3 ("Hair Changer"); edits carry the label of their source. */
  category: string;
  /** The tool the image ultimately came from: decides the edit word limit and the edit texts. */
  tool: ToolId;
  editWordLimit: number;
  /** 0 for an image the tool made, 1 for an edit of it, 2 for a remix of that edit... */
  editDepth: number;
}

export interface ResultImageSource {
  id: string;
  generationId: string;
  /** 0-based place among its generation's images: an original's download number. */
  position: number;
  contentType: string;
  width: number | null;
  height: number | null;
  category: string;
  tool: ToolId;
  editDepth?: number;
}

/** Spec §5: 100 words for Headshot and AI Product edits, 10 for Hair and Body. */
export function editWordLimitFor(tool: ToolId): number {
  return findTool(tool)?.editWordLimit ?? 10;
}

export function toResultImageView(source: ResultImageSource): ResultImageView {
  const editDepth = source.editDepth ?? 0;
  return {
    id: source.id,
    url: imageUrl(source.id),
    fileName: storedImageDownloadFileName({ tool: source.tool, category: source.category }, { ...source, isEdit: editDepth > 0 }),
    width: source.width,
    height: source.height,
    generationId: source.generationId,
    category: source.category,
    tool: source.tool,
    editWordLimit: editWordLimitFor(source.tool),
    editDepth,
  };
}

/** The images of a generation a results page follows with useGenerationStatus. */
export function resultImagesFromStatus(generation: GenerationStatusView, tool: ToolId): ResultImageView[] {
  return generation.images.map((image, index) =>
    toResultImageView({ ...image, position: index, generationId: generation.id, category: generation.category, tool }),
  );
}
