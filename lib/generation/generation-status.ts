import type { DbOrTx } from "@/db/client";
import type { GenerationStatus, GenerationTool } from "@/db/schema";
import { findOwnedGenerationRow, isGenerationRefunded, listGenerationImageIds } from "@/db/queries/generations";
import { imageUrl } from "@/lib/downloads/image-urls";

/**
 * What a page needs to follow one generation (GET /api/generations/{id}, useGenerationStatus):
 * the server's real status and progress, the images once complete (as app URLs that only the
 * owner can open), and on failure the reason's translation key, the service's own message and
 * whether credits came back.
 */
export interface GenerationStatusView {
  id: string;
  tool: GenerationTool;
  category: string;
  status: GenerationStatus;
  progress: number;
  images: { id: string; url: string; contentType: string; width: number | null; height: number | null }[];
  /** A key under generation.errors, e.g. "generation.errors.timedOut"; null unless failed. */
  errorKey: string | null;
  /**
   * The image service's own message, cleaned for display (error-detail.ts): the inner message
   * under the translated headline. Plain text, rendered as such; null unless failed.
   */
  errorDetail: string | null;
  creditsRefunded: boolean;
  /** A cash-pack generation that is waiting for its payment to be confirmed. */
  awaitingPayment: boolean;
  createdAt: string;
  completedAt: string | null;
}

/** The status of the user's own generation, or undefined for any other id. */
export async function getGenerationStatus(
  db: DbOrTx,
  userId: string,
  generationId: string,
): Promise<GenerationStatusView | undefined> {
  const generation = await findOwnedGenerationRow(db, userId, generationId);
  if (!generation) return undefined;
  const [images, creditsRefunded] = await Promise.all([
    generation.status === "complete" ? listGenerationImageIds(db, userId, generationId) : Promise.resolve([]),
    generation.status === "failed" ? isGenerationRefunded(db, userId, generationId) : Promise.resolve(false),
  ]);
  return {
    id: generation.id,
    tool: generation.tool,
    category: generation.category,
    status: generation.status,
    progress: generation.status === "complete" ? 100 : generation.progress,
    images: images.map((image) => ({
      id: image.id,
      url: imageUrl(image.id),
      contentType: image.contentType,
      width: image.width,
      height: image.height,
    })),
    errorKey: generation.status === "failed" ? generation.errorKey : null,
    errorDetail: generation.status === "failed" ? generation.errorDetail : null,
    creditsRefunded,
    awaitingPayment: generation.status === "pending" && generation.runAfter === null,
    createdAt: generation.createdAt.toISOString(),
    completedAt: generation.completedAt?.toISOString() ?? null,
  };
}
