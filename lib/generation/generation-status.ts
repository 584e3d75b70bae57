import type { DbOrTx } from "@/db/client";
import type { GenerationStatus, GenerationTool } from "@/db/schema";
import { findOwnedGenerationRow, listGenerationImageIds } from "@/db/queries/generations";
import { findLatestPaymentStatusOfGeneration } from "@/db/queries/orders";
import { imageUrl } from "@/lib/downloads/image-urls";
import { failedCreditsCameBack, loadGenerationRefunds, type DeliveryRefund } from "./delivery-refunds";

/**
 * What a page needs to follow one generation (GET /api/generations/{id}, useGenerationStatus):
 * the server's real status and progress, the images once complete (as app URLs that only the
 * owner can open), and on failure the reason's translation key, the service's own message and
 * whether credits came back; what came back for images not delivered; and for a cash pack
 * whether its payment is awaited or its checkout closed unpaid.
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
  /** Images ordered; a complete job may have delivered fewer. */
  numberShots: number;
  /** Credits or money given back for missing images (all of them when it failed); null if none. */
  refund: DeliveryRefund | null;
  /** A cash-pack generation that is waiting for its payment to be confirmed. */
  awaitingPayment: boolean;
  /** Its checkout was cancelled, expired or failed: it waits for the user to pay again. */
  paymentCancelled: boolean;
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
  const finished = generation.status === "complete" || generation.status === "failed";
  const awaitingPayment = generation.status === "pending" && generation.runAfter === null;
  const [images, refunds, paymentStatus] = await Promise.all([
    generation.status === "complete" ? listGenerationImageIds(db, userId, generationId) : Promise.resolve([]),
    finished ? loadGenerationRefunds(db, userId, [generationId]) : Promise.resolve(null),
    awaitingPayment ? findLatestPaymentStatusOfGeneration(db, userId, generationId) : Promise.resolve(undefined),
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
    creditsRefunded: failedCreditsCameBack(refunds, generation),
    numberShots: generation.numberShots,
    refund: refunds?.deliveryRefunds.get(generationId) ?? null,
    awaitingPayment,
    paymentCancelled: awaitingPayment && paymentStatus !== "pending" && paymentStatus !== "paid",
    createdAt: generation.createdAt.toISOString(),
    completedAt: generation.completedAt?.toISOString() ?? null,
  };
}
