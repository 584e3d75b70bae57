import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { duplicatePayments, purchases, type DuplicatePayment } from "@/db/schema";

/** Second payments of settled purchases, refunded in full (lib/billing/webhook-handlers.ts). */

/** Records the refund once per payment: a replayed event writes nothing. */
export async function insertDuplicatePayment(
  db: DbOrTx,
  values: Pick<DuplicatePayment, "userId" | "purchaseId" | "stripePaymentIntentId" | "amountMinor" | "currency" | "refundedAt">,
): Promise<void> {
  await db.insert(duplicatePayments).values(values).onConflictDoNothing({ target: duplicatePayments.stripePaymentIntentId });
}

/** The refunded second payments of the orders (cash packs) of these generations. */
export async function listDuplicatePaymentsOfGenerations(db: DbOrTx, userId: string, generationIds: readonly string[]) {
  if (generationIds.length === 0) return [];
  return db
    .select({ generationId: purchases.generationId, amountMinor: duplicatePayments.amountMinor, currency: duplicatePayments.currency })
    .from(duplicatePayments)
    .innerJoin(purchases, eq(purchases.id, duplicatePayments.purchaseId))
    .where(and(eq(duplicatePayments.userId, userId), inArray(purchases.generationId, [...generationIds])));
}
