import { and, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { purchases, type NewPurchase, type Purchase } from "@/db/schema";

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

export async function setPurchasePaymentIntent(db: DbOrTx, userId: string, purchaseId: string, paymentIntentId: string): Promise<void> {
  await db
    .update(purchases)
    .set({ stripePaymentIntentId: paymentIntentId })
    .where(and(eq(purchases.userId, userId), eq(purchases.id, purchaseId), isNull(purchases.stripePaymentIntentId)));
}
