import "server-only";
import type { DbOrTx } from "@/db/client";
import {
  listFinishedGenerations,
  listInProgressGenerations,
  readActivityFingerprint,
  type ActivityGenerationRow,
  type FinishedGenerationRow,
} from "@/db/queries/activity";
import type { GenerationStatus } from "@/db/schema";
import { imageUrl } from "@/lib/downloads/image-urls";
import { failedCreditsCameBack, loadGenerationRefunds, type DeliveryRefund, type GenerationRefunds } from "@/lib/generation/delivery-refunds";
import { activityPageSize, inProgressLimit } from "./activity-query";

/**
 * /activity's lists (spec §2, §4 Generation status): In Progress (pending and processing) in
 * full, and one page of finished generations: complete ones with their cover image for the
 * Generated Images gallery, failed ones with their reason and whether the credits came back.
 */
export interface ActivityItem {
  id: string;
  category: string;
  /** An edit or remix of an image (listed with the category of the image it changed). */
  isEdit: boolean;
  status: GenerationStatus;
  progress: number;
  createdAt: string;
  imageCount: number;
  coverUrl: string | null;
  /** Key under generation.errors; only for failed items. */
  errorKey: string | null;
  /** The image service's own message (GenerationStatusView.errorDetail); only for failed items. */
  errorDetail: string | null;
  creditsRefunded: boolean;
  /** Images ordered, and what came back for those not delivered (decision 19); null if nothing. */
  numberShots: number;
  refund: DeliveryRefund | null;
  /** A second payment of this order (two checkouts both paid), refunded in full at once. */
  secondPaymentRefunded: Money | null;
}

export interface Money {
  amountMinor: number;
  currency: string;
}

export interface ActivityPage {
  inProgress: ActivityItem[];
  finished: ActivityItem[];
  page: number;
  hasNextPage: boolean;
}

/** In-progress work has no images to show yet. */
const noImages = { coverImageId: null, imageCount: 0 };

function toItem(
  row: ActivityGenerationRow & Pick<FinishedGenerationRow, "coverImageId" | "imageCount">,
  refunds: GenerationRefunds | null,
): ActivityItem {
  return {
    id: row.id,
    category: row.category,
    isEdit: row.tool === "edit",
    status: row.status,
    progress: row.status === "complete" ? 100 : row.progress,
    createdAt: row.createdAt.toISOString(),
    imageCount: row.imageCount,
    coverUrl: row.coverImageId ? imageUrl(row.coverImageId) : null,
    errorKey: row.status === "failed" ? row.errorKey : null,
    errorDetail: row.status === "failed" ? row.errorDetail : null,
    creditsRefunded: failedCreditsCameBack(refunds, row),
    numberShots: row.numberShots,
    refund: refunds?.deliveryRefunds.get(row.id) ?? null,
    secondPaymentRefunded:
      row.secondPaymentRefundedMinor && row.secondPaymentCurrency ? { amountMinor: row.secondPaymentRefundedMinor, currency: row.secondPaymentCurrency } : null,
  };
}

export async function loadActivity(
  db: DbOrTx,
  userId: string,
  options: { category?: string; page: number },
): Promise<ActivityPage> {
  const [inProgress, finishedPlusOne] = await Promise.all([
    listInProgressGenerations(db, userId, { category: options.category, limit: inProgressLimit }),
    // One more than a page tells whether a next page exists without counting.
    listFinishedGenerations(db, userId, {
      category: options.category,
      limit: activityPageSize + 1,
      offset: (options.page - 1) * activityPageSize,
    }),
  ]);
  const finished = finishedPlusOne.slice(0, activityPageSize);
  // The refunds are read once: a failed card's 'credits refunded' comes from the same rows.
  const refunds = await loadGenerationRefunds(db, userId, finished.map((row) => row.id));
  return {
    inProgress: inProgress.map((row) => toItem({ ...row, ...noImages }, null)),
    finished: finished.map((row) => toItem(row, refunds)),
    page: options.page,
    hasNextPage: finishedPlusOne.length > activityPageSize,
  };
}

export interface ActivityView {
  /** readActivityFingerprint's value, read before the lists (see loadActivityView). */
  fingerprint: string;
  activity: ActivityPage;
}

/**
 * Everything /activity shows about the user's generations. The fingerprint is read first, so a
 * change that lands while the lists load still differs from it and the open page refreshes.
 */
export async function loadActivityView(db: DbOrTx, userId: string, options: { category?: string; page: number }): Promise<ActivityView> {
  const fingerprint = await readActivityFingerprint(db, userId);
  return { fingerprint, activity: await loadActivity(db, userId, options) };
}
