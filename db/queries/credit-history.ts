import { and, desc, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { creditLedger, duplicatePayments, generations, purchases } from "@/db/schema";

/**
 * One page of a user's ledger, newest first, with what each change was for: the purchase that
 * paid for it (its kind, credits, price and state) and the generation that spent or got it back.
 * One row more than asked tells whether an older page exists.
 */
export async function listCreditHistory(db: DbOrTx, userId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      unrecovered: creditLedger.unrecovered,
      causeKey: creditLedger.causeKey,
      createdAt: creditLedger.createdAt,
      tool: generations.tool,
      purchaseId: purchases.id,
      purchaseKind: purchases.kind,
      purchaseCredits: purchases.credits,
      purchaseStatus: purchases.status,
      amountMinor: purchases.amountMinor,
      currency: purchases.currency,
      /** A second payment of the purchase, refunded in full (it bought nothing). */
      secondPaymentRefundedMinor: sql<number | null>`(select sum(${duplicatePayments.amountMinor})::int from ${duplicatePayments} where ${duplicatePayments.purchaseId} = ${purchases.id})`,
    })
    .from(creditLedger)
    // A plan row written before rows carried their purchase names it by cause only (causeKeys.purchase).
    .leftJoin(purchases, or(eq(purchases.id, creditLedger.purchaseId), eq(creditLedger.causeKey, sql`'purchase:' || ${purchases.id}::text`)))
    .leftJoin(generations, eq(generations.id, creditLedger.generationId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

export type CreditHistoryRow = Awaited<ReturnType<typeof listCreditHistory>>[number];

/** One of the user's own ledger rows (a receipt is opened from it); undefined for anyone else's. */
export async function findCreditHistoryEntry(db: DbOrTx, userId: string, entryId: string) {
  const [entry] = await db
    .select({ id: creditLedger.id, kind: creditLedger.kind, causeKey: creditLedger.causeKey })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.id, entryId)))
    .limit(1);
  return entry;
}
