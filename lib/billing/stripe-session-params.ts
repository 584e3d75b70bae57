import type Stripe from "stripe";
import type { Purchase } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import type { PricedCheckoutItem } from "./checkout-items";
import type { PlanPriceIds } from "./payments-config";

/** Stripe Checkout has no Arabic; "auto" lets it follow the buyer's browser instead. */
const stripeLocales: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  de: "de",
  fr: "fr",
  es: "es",
  ar: "auto",
};

export interface CheckoutSessionInput {
  purchase: Purchase;
  item: PricedCheckoutItem;
  customerId: string;
  locale: Locale;
  successUrl: string;
  cancelUrl: string;
  planPriceIds: PlanPriceIds;
}

function lineItem(item: PricedCheckoutItem, planPriceIds: PlanPriceIds): Stripe.Checkout.SessionCreateParams.LineItem {
  const configuredPrice = item.planId && item.billingCycle ? planPriceIds[`${item.planId}_${item.billingCycle}`] : undefined;
  if (configuredPrice) return { price: configuredPrice, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: item.currency,
      unit_amount: item.amountMinor,
      product_data: { name: item.productName },
      ...(item.recurringInterval ? { recurring: { interval: item.recurringInterval } } : {}),
    },
  };
}

/**
 * The Checkout Session for a purchase row. Everything charged comes from the row and the
 * catalogue; the metadata lets the webhook find the purchase and the user again.
 */
export function checkoutSessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  const { purchase, item } = input;
  const metadata = { purchaseId: purchase.id, userId: purchase.userId, kind: item.kind, itemId: item.itemId };
  const recurring = item.recurringInterval !== undefined;
  return {
    mode: recurring ? "subscription" : "payment",
    customer: input.customerId,
    client_reference_id: purchase.userId,
    // With a configured multi-currency price this picks the user's currency; inline prices carry it anyway.
    currency: item.currency,
    line_items: [lineItem(item, input.planPriceIds)],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    locale: stripeLocales[input.locale],
    metadata,
    ...(recurring
      ? {
          subscription_data: {
            metadata: { userId: purchase.userId, purchaseId: purchase.id, planId: item.planId ?? "", billingCycle: item.billingCycle ?? "" },
          },
        }
      : { payment_intent_data: { metadata } }),
  };
}
