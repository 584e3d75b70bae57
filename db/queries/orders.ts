import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import {
  generations,
  orderRefunds,
  purchases,
  type NewOrderRefund,
  type OrderRefund,
  type PaymentProvider,
  type Purchase,
  type PurchaseStatus,
} from "@/db/schema";

/**
 * Cash-pack orders seen from their headshot generation: the payment that bought it, its state
 * for the waiting page, and the money refunds it is owed (decision 19). Reads for a page are
 * scoped by the owner; the worker's and the housekeeping's are not (they act for every user).
 */

/**
 * The paid cash-pack purchase that bought this generation and has not been refunded yet: the
 * first paid one (a second payment of the same order is refunded as soon as it lands).
 */
export async function findPaidOrderOfGeneration(db: DbOrTx, generationId: string): Promise<Purchase | undefined> {
  const [purchase] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.generationId, generationId),
        eq(purchases.kind, "cash_pack"),
        eq(purchases.status, "paid"),
        notExists(db.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.purchaseId, purchases.id))),
      ),
    )
    .orderBy(asc(purchases.fulfilledAt), asc(purchases.createdAt))
    .limit(1);
  return purchase;
}

/** Paid cash packs of the user whose generation has not delivered yet (queued or running) and is owed no refund yet. */
export async function listUndeliveredPaidOrdersOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ purchase: purchases, numberShots: generations.numberShots })
    .from(purchases)
    .innerJoin(generations, eq(generations.id, purchases.generationId))
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.kind, "cash_pack"),
        eq(purchases.status, "paid"),
        inArray(generations.status, ["pending", "processing"]),
        notExists(db.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.purchaseId, purchases.id))),
      ),
    );
}

/**
 * Before an account is deleted: its refunds still owed copy the payment they go back to from
 * their purchase, which goes with the account, so the retry loop can still send them.
 */
export async function keepPaymentOfPendingRefunds(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({
      provider: sql`(select ${purchases.provider} from ${purchases} where ${purchases.id} = ${orderRefunds.purchaseId})`,
      stripePaymentIntentId: sql`(select ${purchases.stripePaymentIntentId} from ${purchases} where ${purchases.id} = ${orderRefunds.purchaseId})`,
      paymentAmountMinor: sql`(select ${purchases.amountMinor} from ${purchases} where ${purchases.id} = ${orderRefunds.purchaseId})`,
    })
    .where(and(eq(orderRefunds.userId, userId), eq(orderRefunds.status, "pending")));
}

/**
 * Records the refund a purchase is owed; one per purchase, so a second call (a retried job, a
 * replayed event) writes nothing and answers undefined.
 */
export async function insertOrderRefund(db: DbOrTx, values: NewOrderRefund): Promise<OrderRefund | undefined> {
  const [row] = await db
    .insert(orderRefunds)
    .values(values)
    .onConflictDoNothing({ target: orderRefunds.purchaseId })
    .returning();
  return row;
}

/**
 * Refunds still to be sent, oldest first, with the payment they go back to: the purchase's, or
 * the copy a refund keeps once its account (and purchase) is deleted.
 */
export async function listPendingOrderRefunds(db: DbOrTx, limit: number) {
  return db
    .select({
      refund: orderRefunds,
      provider: sql<PaymentProvider | null>`coalesce(${purchases.provider}, ${orderRefunds.provider})`,
      paymentIntentId: sql<string | null>`coalesce(${purchases.stripePaymentIntentId}, ${orderRefunds.stripePaymentIntentId})`,
      purchaseAmountMinor: sql<number>`coalesce(${purchases.amountMinor}, ${orderRefunds.paymentAmountMinor}, ${orderRefunds.amountMinor})::int`,
    })
    .from(orderRefunds)
    .leftJoin(purchases, eq(purchases.id, orderRefunds.purchaseId))
    .where(eq(orderRefunds.status, "pending"))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(limit);
}

/** The refund went through; a full one also marks its purchase refunded. Once only. */
export async function markOrderRefunded(
  db: DbOrTx,
  params: { id: string; providerRefundId: string | null; refundedAt: Date; wholePayment: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: "refunded", providerRefundId: params.providerRefundId, refundedAt: params.refundedAt, lastError: null })
      .where(and(eq(orderRefunds.id, params.id), eq(orderRefunds.status, "pending")))
      .returning({ purchaseId: orderRefunds.purchaseId });
    if (!row) return false;
    if (params.wholePayment && row.purchaseId) {
      await tx
        .update(purchases)
        .set({ status: "refunded" })
        .where(and(eq(purchases.id, row.purchaseId), eq(purchases.status, "paid")));
    }
    return true;
  });
}

/** A failed attempt to send it: counted, and with `giveUp` the refund is marked failed. */
export async function recordOrderRefundFailure(
  db: DbOrTx,
  params: { id: string; error: string; giveUp: boolean },
): Promise<void> {
  await db
    .update(orderRefunds)
    .set({
      attempts: sql`${orderRefunds.attempts} + 1`,
      lastError: params.error.slice(0, 2000),
      ...(params.giveUp ? { status: "failed" as const } : {}),
    })
    .where(and(eq(orderRefunds.id, params.id), eq(orderRefunds.status, "pending")));
}

/** What the owner is shown of one refund (results, loading page, activity). */
const refundView = {
  generationId: orderRefunds.generationId,
  reason: orderRefunds.reason,
  missingImages: orderRefunds.missingImages,
  amountMinor: orderRefunds.amountMinor,
  currency: orderRefunds.currency,
  status: orderRefunds.status,
};

/** The statuses and /activity read it on every request: built once, the ids as one array parameter. */
const orderRefundsOfGenerations = preparedPerDatabase((db) =>
  db
    .select(refundView)
    .from(orderRefunds)
    .where(and(eq(orderRefunds.userId, sql.placeholder("userId")), sql`${orderRefunds.generationId} = any(${sql.placeholder("generationIds")})`))
    .prepare("order_refunds_of_generations"),
);

export async function listOrderRefundsOfGenerations(db: DbOrTx, userId: string, generationIds: readonly string[]) {
  if (generationIds.length === 0) return [];
  return orderRefundsOfGenerations(db).execute({ userId, generationIds: [...generationIds] });
}

export type OrderRefundView = Awaited<ReturnType<typeof listOrderRefundsOfGenerations>>[number];

/**
 * The newest purchase of a generation that waits for its payment: pending while a checkout is
 * open, cancelled or failed once the checkout closed without paying.
 */
export async function findLatestPaymentStatusOfGeneration(
  db: DbOrTx,
  userId: string,
  generationId: string,
): Promise<PurchaseStatus | undefined> {
  const [row] = await db
    .select({ status: purchases.status })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.generationId, generationId)))
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  return row?.status;
}

/**
 * Closes every open (pending) cash-pack purchase of the user's waiting generations, as when all
 * photos are deleted: returns the checkout sessions to expire at the payment provider.
 */
export async function closePendingOrdersOfUser(db: DbOrTx, userId: string) {
  return db
    .update(purchases)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.kind, "cash_pack"),
        eq(purchases.status, "pending"),
        isNotNull(purchases.generationId),
      ),
    )
    .returning({ id: purchases.id, provider: purchases.provider, checkoutSessionId: purchases.stripeCheckoutSessionId });
}

/**
 * Generations that waited for a payment (run_after null) since before `createdBefore`, locked for
 * the caller: abandoned orders. Their keys go with them.
 */
export async function lockAbandonedOrderGenerations(db: DbOrTx, createdBefore: Date, limit: number) {
  return db
    .select({ id: generations.id, userId: generations.userId, originalImageKey: generations.originalImageKey })
    .from(generations)
    .where(and(eq(generations.status, "pending"), isNull(generations.runAfter), lt(generations.createdAt, createdBefore)))
    .orderBy(asc(generations.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/**
 * The user's cash-pack orders still waiting for their payment, newest first, locked for the
 * caller so two new orders of the same user are counted one after the other.
 */
export async function lockWaitingOrdersOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ id: generations.id, input: generations.input, originalImageKey: generations.originalImageKey })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.status, "pending"), isNull(generations.runAfter)))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .for("update");
}

/** Closes the open purchases of the given generations; answers their checkout sessions. */
export async function closePendingOrdersOfGenerations(db: DbOrTx, generationIds: readonly string[]) {
  if (generationIds.length === 0) return [];
  return db
    .update(purchases)
    .set({ status: "cancelled" })
    .where(and(inArray(purchases.generationId, [...generationIds]), eq(purchases.status, "pending")))
    .returning({ id: purchases.id, provider: purchases.provider, checkoutSessionId: purchases.stripeCheckoutSessionId });
}

/** Deletes waiting generations (never one that started); answers how many went. */
export async function deleteWaitingGenerations(db: DbOrTx, generationIds: readonly string[]): Promise<number> {
  if (generationIds.length === 0) return 0;
  const deleted = await db
    .delete(generations)
    .where(and(inArray(generations.id, [...generationIds]), eq(generations.status, "pending"), isNull(generations.runAfter)))
    .returning({ id: generations.id });
  return deleted.length;
}
