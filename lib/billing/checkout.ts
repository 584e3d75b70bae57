import "server-only";
import type { Profile, Purchase } from "@/db/schema";
import { isGenerationAwaitingPayment } from "@/db/queries/billing";
import { findProfile, lockProfile } from "@/db/queries/credits";
import {
  closeUnpaidPurchase,
  findRecentPendingPurchase,
  insertPurchase,
  setPurchaseCheckoutSession,
} from "@/db/queries/purchases";
import { ensureProfile } from "@/lib/credits/ledger";
import { grantsAllowance } from "@/lib/credits/subscription-allowance";
import type { Locale } from "@/lib/i18n/config";
import { priceCheckoutItem, type CheckoutRequest, type PricedCheckoutItem } from "./checkout-items";
import type { BillingContext } from "./context";
import { ensureStripeCustomer } from "./customer";
import { closeOpenCheckouts, openStripeSession } from "./checkout-sessions";
import { BillingError } from "./errors";
import { liveSubscriptionProvider } from "./live-subscription";
import { currencyForLocale } from "./money";
import { openCustomerPortal } from "./portal";
import { absoluteUrl, checkoutCancelledPath, checkoutSuccessPath, testPortalPath, type CheckoutReturnTarget } from "./return-path";
import { checkoutSessionParams } from "./stripe-session-params";

/**
 * Starting a purchase: the server prices the item from the catalogue, writes a pending
 * purchase row, and hands back where to pay (Stripe Checkout or the built-in test checkout).
 */

export interface CheckoutUser {
  id: string;
  email: string;
}

/** A second click within this window reuses the first purchase instead of starting another. */
const repeatClickWindowMs = 60_000;

export function testCheckoutSessionId(purchaseId: string): string {
  return `test_${purchaseId}`;
}

function checkEligibility(profile: Profile | undefined, item: PricedCheckoutItem): void {
  const subscribed = profile !== undefined && grantsAllowance(profile.subscriptionStatus);
  if (item.kind === "top_up" && !subscribed) throw new BillingError("subscriptionRequired");
  if (
    item.kind === "subscription" &&
    subscribed &&
    profile.subscriptionPlan === item.planId &&
    profile.subscriptionPeriod === item.billingCycle
  ) {
    throw new BillingError("alreadyOnPlan");
  }
}

/** One pending purchase per item and user at a time: the profile lock queues concurrent clicks. */
async function createOrReusePurchase(
  ctx: BillingContext,
  userId: string,
  item: PricedCheckoutItem,
  generationId: string | undefined,
): Promise<Purchase> {
  return ctx.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const since = new Date(ctx.now().getTime() - repeatClickWindowMs);
    const recent = await findRecentPendingPurchase(tx, userId, item.itemId, since);
    if (recent && recent.currency === item.currency && (recent.generationId ?? undefined) === generationId) return recent;
    const provider = ctx.payments.mode === "stripe" ? "stripe" : "test";
    const purchase = await insertPurchase(tx, {
      userId,
      kind: item.kind,
      provider,
      itemId: item.itemId,
      amountMinor: item.amountMinor,
      currency: item.currency,
      credits: item.credits,
      generationId,
    });
    if (provider === "stripe") return purchase;
    const sessionId = testCheckoutSessionId(purchase.id);
    await setPurchaseCheckoutSession(tx, userId, purchase.id, sessionId);
    return { ...purchase, stripeCheckoutSessionId: sessionId };
  });
}

/**
 * One live subscription per customer: a subscriber who picks another plan changes it where
 * plans are managed (Stripe's Customer Portal, or the built-in one in test mode), never in a
 * second checkout.
 */
async function planManagementUrl(ctx: BillingContext, profile: Profile | undefined): Promise<string | undefined> {
  const provider = liveSubscriptionProvider(profile);
  if (!profile || !provider) return undefined;
  if (provider === "stripe" && ctx.payments.mode === "stripe") return openCustomerPortal(ctx, profile.userId);
  if (provider === "test" && ctx.payments.mode === "test") return absoluteUrl(ctx.appUrl, testPortalPath);
  return undefined;
}

/**
 * A newer subscription checkout replaces any older one still open, so two cannot both be paid;
 * if an older one was paid meanwhile, this one is refused (the plan is on its way).
 */
async function closeOlderSubscriptionCheckouts(ctx: BillingContext, userId: string, purchase: Purchase): Promise<void> {
  const { completing } = await closeOpenCheckouts(ctx, userId, { kind: "subscription", keep: purchase.id });
  if (!completing) return;
  await closeUnpaidPurchase(ctx.db, userId, purchase.id, "cancelled");
  throw new BillingError("subscriptionCheckoutPending");
}

export async function startCheckout(
  ctx: BillingContext,
  user: CheckoutUser,
  request: CheckoutRequest,
  options: { locale: Locale; generationId?: string; returnTo?: CheckoutReturnTarget },
): Promise<{ url: string; purchaseId?: string }> {
  const { payments } = ctx;
  if (payments.mode === "disabled") throw new BillingError("paymentsNotConfigured");
  const item = priceCheckoutItem(request, currencyForLocale(options.locale));
  if (!item) throw new BillingError("unknownItem");
  if (options.generationId) {
    const waiting = item.kind === "cash_pack" && (await isGenerationAwaitingPayment(ctx.db, user.id, options.generationId));
    if (!waiting) throw new BillingError("unknownItem");
  }

  await ensureProfile(ctx.db, user.id);
  const profile = await findProfile(ctx.db, user.id);
  checkEligibility(profile, item);
  const management = item.kind === "subscription" ? await planManagementUrl(ctx, profile) : undefined;
  if (management) return { url: management };

  const purchase = await createOrReusePurchase(ctx, user.id, item, options.generationId);
  if (item.kind === "subscription") await closeOlderSubscriptionCheckouts(ctx, user.id, purchase);
  if (payments.mode === "test") {
    const query = options.returnTo === "headshot" ? "?return=headshot" : "";
    return { url: absoluteUrl(ctx.appUrl, `/checkout/test/${purchase.id}${query}`), purchaseId: purchase.id };
  }
  try {
    const customerId = await ensureStripeCustomer(ctx.db, payments.stripe, user);
    const params = checkoutSessionParams({
      purchase,
      item,
      customerId,
      locale: options.locale,
      successUrl: absoluteUrl(ctx.appUrl, checkoutSuccessPath(item.kind, "{CHECKOUT_SESSION_ID}", options.returnTo)),
      cancelUrl: absoluteUrl(ctx.appUrl, checkoutCancelledPath(item.kind, purchase.id, options.returnTo)),
      planPriceIds: payments.planPriceIds,
    });
    const { session, paidSessionId } = await openStripeSession(ctx.db, payments.stripe, purchase, params);
    // The earlier session of this purchase was paid just now: show its confirmation instead.
    if (paidSessionId) return { url: absoluteUrl(ctx.appUrl, checkoutSuccessPath(item.kind, paidSessionId, options.returnTo)), purchaseId: purchase.id };
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
    return { url: session.url, purchaseId: purchase.id };
  } catch (error) {
    console.error("[billing] creating a Checkout Session failed", error);
    await closeUnpaidPurchase(ctx.db, user.id, purchase.id, "failed");
    throw new BillingError("checkoutFailed");
  }
}
