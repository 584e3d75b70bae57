import { and, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { purchases, type NewPurchase, type Purchase, type PurchaseDisputeStatus, type PurchaseKind } from "@/db/schema";

/** Purchases of one user: created by checkout, settled by the webhook or the test checkout. */

export async function insertPurchase(db: DbOrTx, purchase: NewPurchase): Promise<Purchase> {
  const [inserted] = await db.insert(purchases).values(purchase).returning();
  if (!inserted) throw new Error("Purchase was not written");
  return inserted;
}

export async function findPurchase(db: DbOrTx, userId: string, purchaseId: string): Promise<Purchase | undefined> {
  const [purchase] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId)))
    .limit(1);
  return purchase;
}

export async function findPurchaseByCheckoutSession(
  db: DbOrTx,
  userId: string,
  checkoutSessionId: string,
): Promise<Purchase | undefined> {
  const [purchase] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.stripeCheckoutSessionId, checkoutSessionId)))
    .limit(1);
  return purchase;
}

/** The newest unpaid purchase of this item started since `since`: a second click reuses it. */
export async function findRecentPendingPurchase(
  db: DbOrTx,
  userId: string,
  itemId: string,
  since: Date,
): Promise<Purchase | undefined> {
  const [purchase] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.itemId, itemId),
        eq(purchases.status, "pending"),
        gte(purchases.createdAt, since),
      ),
    )
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  return purchase;
}

export async function setPurchaseCheckoutSession(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  checkoutSessionId: string,
): Promise<void> {
  await db
    .update(purchases)
    .set({ stripeCheckoutSessionId: checkoutSessionId })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId)));
}

/**
 * Saves `next` as the purchase's Checkout Session only if the stored one is still `expected`
 * (compare-and-set): of two clicks racing, one wins. True when this call saved it.
 */
export async function replacePurchaseCheckoutSession(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  expected: string | null,
  next: string,
): Promise<boolean> {
  const updated = await db
    .update(purchases)
    .set({ stripeCheckoutSessionId: next })
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.id, purchaseId),
        expected === null ? isNull(purchases.stripeCheckoutSessionId) : eq(purchases.stripeCheckoutSessionId, expected),
      ),
    )
    .returning({ id: purchases.id });
  return updated.length > 0;
}

/**
 * Marks a purchase paid unless it already is; returns the row only when this call changed it,
 * so exactly one caller goes on to fulfil it however many deliveries race.
 */
export async function markPurchasePaid(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  paidAt: Date,
): Promise<Purchase | undefined> {
  const [updated] = await db
    .update(purchases)
    .set({ status: "paid", fulfilledAt: paidAt })
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.id, purchaseId),
        inArray(purchases.status, ["pending", "failed", "cancelled"]),
      ),
    )
    .returning();
  return updated;
}

/** Closes a purchase that was never paid (checkout failed, expired or was cancelled). */
export async function closeUnpaidPurchase(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  status: "failed" | "cancelled",
): Promise<boolean> {
  const updated = await db
    .update(purchases)
    .set({ status })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId), eq(purchases.status, "pending")))
    .returning({ id: purchases.id });
  return updated.length > 0;
}

/** The purchase a Stripe PaymentIntent paid (refunds and disputes name only the payment). */
export async function findPurchaseByPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<Purchase | undefined> {
  const [purchase] = await db.select().from(purchases).where(eq(purchases.stripePaymentIntentId, paymentIntentId)).limit(1);
  return purchase;
}

export async function setPurchasePaymentIntent(db: DbOrTx, userId: string, purchaseId: string, paymentIntentId: string): Promise<void> {
  await db
    .update(purchases)
    .set({ stripePaymentIntentId: paymentIntentId })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId), isNull(purchases.stripePaymentIntentId)));
}

/**
 * Records money given back: refunded_minor only grows (refund events may arrive out of order),
 * and a purchase refunded in full turns "refunded", which fulfilment never turns paid again.
 */
export async function recordPurchaseRefund(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  refundedMinor: number,
): Promise<Purchase | undefined> {
  const refunded = sql`least(greatest(${purchases.refundedMinor}, ${refundedMinor}), ${purchases.amountMinor})`;
  const [updated] = await db
    .update(purchases)
    .set({
      refundedMinor: refunded,
      status: sql`case when ${refunded} >= ${purchases.amountMinor} and ${purchases.amountMinor} > 0 then 'refunded'::purchase_status else ${purchases.status} end`,
    })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId)))
    .returning();
  return updated;
}

/** Moves a purchase's dispute forward only (none, open, then won or lost); returns the row as it stands. */
export async function advancePurchaseDispute(
  db: DbOrTx,
  userId: string,
  purchaseId: string,
  dispute: { id: string; status: PurchaseDisputeStatus },
): Promise<Purchase | undefined> {
  const movable =
    dispute.status === "open"
      ? isNull(purchases.disputeStatus)
      : or(isNull(purchases.disputeStatus), eq(purchases.disputeStatus, "open"));
  await db
    .update(purchases)
    .set({ stripeDisputeId: dispute.id, disputeStatus: dispute.status })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId), movable));
  return findPurchase(db, userId, purchaseId);
}

/** Unpaid checkouts of the user that may still be open, oldest first (one kind, or all). */
export async function listPendingPurchases(
  db: DbOrTx,
  userId: string,
  options: { since: Date; kind?: PurchaseKind },
): Promise<Purchase[]> {
  return db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, "pending"),
        gte(purchases.createdAt, options.since),
        options.kind ? eq(purchases.kind, options.kind) : undefined,
      ),
    )
    .orderBy(purchases.createdAt);
}
