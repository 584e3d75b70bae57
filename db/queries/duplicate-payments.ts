import type { DbOrTx } from "@/db/client";
import { duplicatePayments, type DuplicatePayment } from "@/db/schema";

/** Second payments of settled purchases, refunded in full (lib/billing/webhook-handlers.ts). */

/** Records the refund once per payment: a replayed event writes nothing. */
export async function insertDuplicatePayment(
  db: DbOrTx,
  values: Pick<DuplicatePayment, "userId" | "purchaseId" | "stripePaymentIntentId" | "amountMinor" | "currency" | "refundedAt">,
): Promise<void> {
  await db.insert(duplicatePayments).values(values).onConflictDoNothing({ target: duplicatePayments.stripePaymentIntentId });
}
