import Stripe from "stripe";
import type { Database } from "@/db/client";
import { insertPurchase } from "@/db/queries/purchases";
import type { NewPurchase, Purchase } from "@/db/schema";
import type { BillingContext } from "@/lib/billing/context";
import type { PlanPriceIds } from "@/lib/billing/payments-config";
import { createStripeClient } from "@/lib/billing/stripe-client";
import { applySubscriptionSnapshot } from "@/lib/credits/subscription-allowance";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import type { DeliverEvent } from "@/tests/fakes/stripe-delivery";
import type { FakeStripe } from "@/tests/fakes/stripe-server";
import type { StripeObject } from "@/tests/fakes/stripe-world";

/** Billing contexts, Stripe-shaped objects and signed webhooks for the billing tests. */

export const appUrl = "https://app.example.test";
export const webhookSecret = "whsec_test_secret_for_billing_tests";

export function stripeModeContext(
  db: Database,
  fake: FakeStripe,
  options: { now?: () => Date; planPriceIds?: PlanPriceIds } = {},
): BillingContext {
  const stripe = createStripeClient({ secretKey: "sk_test_fake", host: "127.0.0.1", port: fake.port, protocol: "http" });
  return {
    db,
    payments: { mode: "stripe", stripe, planPriceIds: options.planPriceIds ?? {} },
    appUrl,
    now: options.now ?? (() => new Date()),
  };
}

export function testModeContext(db: Database, now: () => Date = () => new Date()): BillingContext {
  return { db, payments: { mode: "test" }, appUrl, now };
}

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A subscription as Stripe's API returns it (current API version: the period is on the item). */
export function stripeSubscription(params: {
  id: string;
  customer: string;
  status?: string;
  priceId?: string;
  interval?: "month" | "year";
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}): StripeObject {
  return {
    id: params.id,
    object: "subscription",
    status: params.status ?? "active",
    customer: params.customer,
    metadata: params.metadata ?? {},
    cancel_at_period_end: params.cancelAtPeriodEnd ?? false,
    ended_at: params.status === "canceled" ? unix(params.periodEnd) : null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${params.id}`,
          price: { id: params.priceId ?? `price_inline_${params.id}`, recurring: { interval: params.interval ?? "month" } },
          current_period_start: unix(params.periodStart),
          current_period_end: unix(params.periodEnd),
        },
      ],
    },
  };
}

let eventCounter = 0;

export function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  eventCounter += 1;
  return { id: id ?? `evt_test_${eventCounter}_${Date.now()}`, object: "event", type, created: unix(new Date()), data: { object } };
}

/** The raw body and Stripe-Signature header Stripe would send for `event` (signed now, or at `timestamp`). */
export function signedWebhook(event: object, secret = webhookSecret, timestamp?: number) {
  const rawBody = JSON.stringify(event);
  return { rawBody, signature: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp }), secret };
}

/** Delivers the stand-in's events to the real webhook handler, signed. */
export function webhookDeliverer(billing: BillingContext): DeliverEvent {
  return (event) => handleStripeWebhook(billing, signedWebhook(event));
}

export function checkoutSessionObject(params: {
  id: string;
  purchase: Purchase;
  mode?: "payment" | "subscription";
  paymentStatus?: string;
  subscription?: string;
  customer?: string;
}) {
  return {
    id: params.id,
    object: "checkout.session",
    mode: params.mode ?? "payment",
    payment_status: params.paymentStatus ?? "paid",
    status: "complete",
    client_reference_id: params.purchase.userId,
    customer: params.customer ?? null,
    subscription: params.subscription ?? null,
    metadata: { purchaseId: params.purchase.id, userId: params.purchase.userId, kind: params.purchase.kind, itemId: params.purchase.itemId },
  };
}

/** A pending Stripe purchase written directly, as startCheckout would have left it. */
export async function pendingPurchase(
  db: Database,
  values: Pick<NewPurchase, "userId" | "kind" | "itemId" | "amountMinor"> & Partial<NewPurchase>,
): Promise<Purchase> {
  return insertPurchase(db, { currency: "usd", provider: "stripe", ...values });
}

/** Makes the user an active subscriber of `planId` (monthly, period starting now). */
export async function subscribe(
  db: Database,
  userId: string,
  planId: "starter" | "pro" | "advanced",
  subscriptionId = `test_sub_${userId}`,
  now = new Date(),
): Promise<void> {
  await applySubscriptionSnapshot(db, {
    userId,
    now,
    causeKey: `test:subscribe:${userId}:${subscriptionId}`,
    snapshot: {
      subscriptionId,
      customerId: null,
      planId,
      billingCycle: "monthly",
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
      cancelAtPeriodEnd: false,
      endedAt: null,
      periodPaid: true,
      observedAt: now,
    },
  });
}
