import type { DbOrTx } from "@/db/client";
import { listCreditRefundsOfGenerations } from "@/db/queries/generations";
import { listOrderRefundsOfGenerations } from "@/db/queries/orders";
import type { OrderRefundStatus } from "@/db/schema";
import { creditsPerImage } from "@/lib/catalog/delivery-refunds";

/**
 * What came back to the owner of a generation that delivered fewer images than were paid for,
 * or none (decisions 3 and 19): credits to the balance, or a cash pack's money to the card.
 * Results pages, the loading pages and activity say it with the same numbers.
 */
export interface DeliveryRefund {
  /** Images paid for but not delivered. */
  missingImages: number;
  /** Credits given back (0 for a cash pack). */
  credits: number;
  /** A cash pack's refund in its own currency ("usd", "eur"); pending until the provider confirmed it. */
  money: { amountMinor: number; currency: string; status: OrderRefundStatus } | null;
}

export interface GenerationRefunds {
  /** By generation id; ones without a refund are left out. */
  deliveryRefunds: Map<string, DeliveryRefund>;
  /** Generations with a credit refund in the ledger (a failed job's full refund included). */
  creditRefunded: Set<string>;
}

/** The refunds of these generations of the user, read once for every use of a page. */
export async function loadGenerationRefunds(db: DbOrTx, userId: string, generationIds: readonly string[]): Promise<GenerationRefunds> {
  const [credits, money] = await Promise.all([
    listCreditRefundsOfGenerations(db, userId, generationIds),
    listOrderRefundsOfGenerations(db, userId, generationIds),
  ]);
  const refunds = new Map<string, DeliveryRefund>();
  const creditRefunded = new Set(credits.flatMap((row) => (row.generationId ? [row.generationId] : [])));
  for (const row of credits) {
    if (!row.generationId || row.credits <= 0) continue;
    refunds.set(row.generationId, { missingImages: Math.ceil(row.credits / creditsPerImage), credits: row.credits, money: null });
  }
  for (const row of money) {
    if (!row.generationId) continue;
    refunds.set(row.generationId, {
      missingImages: row.missingImages,
      credits: refunds.get(row.generationId)?.credits ?? 0,
      money: { amountMinor: row.amountMinor, currency: row.currency, status: row.status },
    });
  }
  return { deliveryRefunds: refunds, creditRefunded };
}

/** A failed generation's "credits refunded" line: the ledger gave its credits back (decision 3). */
export function failedCreditsCameBack(refunds: GenerationRefunds | null, generation: { id: string; status: string }): boolean {
  return generation.status === "failed" && refunds !== null && refunds.creditRefunded.has(generation.id);
}

export async function loadDeliveryRefund(db: DbOrTx, userId: string, generationId: string): Promise<DeliveryRefund | null> {
  return (await loadGenerationRefunds(db, userId, [generationId])).deliveryRefunds.get(generationId) ?? null;
}
