import "server-only";
import type { Purchase } from "@/db/schema";
import { closeUnpaidPurchase, findPurchase } from "@/db/queries/purchases";
import type { SubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { parsePlanItemId } from "./checkout-items";
import { testCheckoutSessionId } from "./checkout";
import type { BillingContext } from "./context";
import { BillingError } from "./errors";
import { fulfillPurchase } from "./fulfilment";
import { checkoutCancelledPath, checkoutSuccessPath, type CheckoutReturnTarget } from "./return-path";

/**
 * The built-in test checkout (decision 8): shows a pending order and "pays" it through the same
 * fulfilment as the Stripe webhook. It only exists while payments run in test mode.
 */

export async function findTestCheckoutOrder(
  ctx: BillingContext,
  userId: string,
  purchaseId: string,
): Promise<Purchase | undefined> {
  if (ctx.payments.mode !== "test") return undefined;
  const purchase = await findPurchase(ctx.db, userId, purchaseId);
  return purchase?.provider === "test" ? purchase : undefined;
}

async function getTestCheckoutOrderOrThrow(ctx: BillingContext, userId: string, purchaseId: string): Promise<Purchase> {
  const purchase = await findTestCheckoutOrder(ctx, userId, purchaseId);
  if (!purchase) throw new BillingError("purchaseNotFound");
  return purchase;
}

/** A test-checkout plan has no billing periods: its months run from the moment it was paid. */
export function testSubscriptionSnapshot(purchase: Purchase, now: Date): SubscriptionSnapshot | undefined {
  const plan = parsePlanItemId(purchase.itemId);
  if (!plan) return undefined;
  return {
    subscriptionId: `test_${purchase.id}`,
    customerId: null,
    planId: plan.planId,
    billingCycle: plan.billingCycle,
    status: "active",
    currentPeriodStart: now,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    endedAt: null,
    periodPaid: true,
    observedAt: now,
  };
}

/** Pays a test order; returns the in-app path the buyer goes to next (the payment-return page). */
export async function payTestCheckout(
  ctx: BillingContext,
  userId: string,
  purchaseId: string,
  returnTo?: CheckoutReturnTarget,
): Promise<string> {
  const purchase = await getTestCheckoutOrderOrThrow(ctx, userId, purchaseId);
  const now = ctx.now();
  const subscription = purchase.kind === "subscription" ? testSubscriptionSnapshot(purchase, now) : undefined;
  if (purchase.kind === "subscription" && !subscription) throw new BillingError("unknownItem");
  await fulfillPurchase(ctx.db, { userId, purchaseId, now, subscription, duplicate: "refunded" });
  return checkoutSuccessPath(purchase.kind, testCheckoutSessionId(purchase.id), returnTo);
}

/** Closes a test order unpaid; returns the page the purchase started from, which then says so. */
export async function cancelTestCheckout(
  ctx: BillingContext,
  userId: string,
  purchaseId: string,
  returnTo?: CheckoutReturnTarget,
): Promise<string> {
  const purchase = await getTestCheckoutOrderOrThrow(ctx, userId, purchaseId);
  await closeUnpaidPurchase(ctx.db, userId, purchaseId, "cancelled");
  return checkoutCancelledPath(purchase.kind, purchase.id, returnTo);
}
