import "server-only";
import type { DbOrTx } from "@/db/client";
import type { PurchaseKind, PurchaseStatus } from "@/db/schema";
import { findPurchaseByCheckoutSession } from "@/db/queries/purchases";

export interface CheckoutStatus {
  status: PurchaseStatus;
  kind: PurchaseKind;
}

/**
 * What the server knows about a checkout the buyer returned from (decision 5): "pending" until
 * the webhook (or the test checkout) has confirmed it. Only the buyer's own sessions are found.
 */
export async function getCheckoutStatus(db: DbOrTx, userId: string, sessionId: string): Promise<CheckoutStatus | undefined> {
  const purchase = await findPurchaseByCheckoutSession(db, userId, sessionId);
  return purchase ? { status: purchase.status, kind: purchase.kind } : undefined;
}
