import "server-only";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { findOwnedGenerationRow, listGenerationImagesWithEdits } from "@/db/queries/generations";
import { countDeletedGenerationImages } from "@/db/queries/images";
import type { GenerationStatus } from "@/db/schema";
import { rootToolOf } from "@/lib/generation/edit-input";
import type { ToolId } from "@/lib/generation/tools";
import { toResultImageView, type ResultImageView } from "./result-image-view";

/**
 * /gallery/{generationId} (spec §2): one of the user's generations with its images and every
 * edit and remix made from them. Another user's id, an unknown one and a malformed one are
 * all simply "not found".
 */
export interface GalleryGeneration {
  id: string;
  category: string;
  tool: ToolId;
  isEdit: boolean;
  status: GenerationStatus;
  createdAt: string;
  /** Images of the generation itself (what Download All zips); edits are not in the zip. */
  ownImageCount: number;
  /** Images ordered; fewer may have been delivered (and the rest refunded, decision 19). */
  numberShots: number;
  /** Why a failed generation failed (a key under generation.errors) and the service's own words. */
  errorKey: string | null;
  errorDetail: string | null;
}

export type GalleryView =
  | { state: "notFound" }
  | { state: "notComplete"; generation: GalleryGeneration }
  | { state: "empty"; generation: GalleryGeneration }
  /** Complete, but the user deleted every image (and no edit of them is left). */
  | { state: "allDeleted"; generation: GalleryGeneration }
  | { state: "ready"; generation: GalleryGeneration; images: ResultImageView[] };

export async function loadGallery(db: DbOrTx, userId: string, generationId: string): Promise<GalleryView> {
  if (!z.uuid().safeParse(generationId).success) return { state: "notFound" };
  const row = await findOwnedGenerationRow(db, userId, generationId);
  const tool = row ? rootToolOf(row) : undefined;
  // A cash pack still waiting for its payment is not a generation the user can open yet.
  if (!row || !tool || row.runAfter === null) return { state: "notFound" };

  const images = row.status === "complete" ? await listGenerationImagesWithEdits(db, userId, row.id) : [];
  const generation: GalleryGeneration = {
    id: row.id,
    category: row.category,
    tool,
    isEdit: row.tool === "edit",
    status: row.status,
    createdAt: (row.completedAt ?? row.createdAt).toISOString(),
    ownImageCount: images.filter((image) => image.depth === 0).length,
    numberShots: row.numberShots,
    errorKey: row.status === "failed" ? row.errorKey : null,
    errorDetail: row.status === "failed" ? row.errorDetail : null,
  };
  if (row.status !== "complete") return { state: "notComplete", generation };
  if (images.length === 0) {
    const deleted = await countDeletedGenerationImages(db, userId, row.id);
    return { state: deleted > 0 ? "allDeleted" : "empty", generation };
  }
  return {
    state: "ready",
    generation,
    images: images.map((image) =>
      // The images of an edit's own gallery are edits too.
      toResultImageView({ ...image, category: row.category, tool, editDepth: image.depth + (generation.isEdit ? 1 : 0) }),
    ),
  };
}
