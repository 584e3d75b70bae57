import { z } from "zod";

/**
 * The parts of Stripe objects that billing reads, checked with zod instead of trusted. Fields
 * that moved between API versions (a subscription's period, an invoice's subscription) are
 * read from either place, so an endpoint pinned to an older version still works.
 */

const stripeId = z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === "string" ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish().transform((value) => value ?? {});

export const checkoutSessionObject = z.object({
  id: z.string(),
  mode: z.string(),
  payment_status: z.string(),
  metadata,
  client_reference_id: z.string().nullish(),
  customer: stripeId.nullish(),
  subscription: stripeId.nullish(),
  payment_intent: stripeId.nullish(),
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>;

export const invoiceObject = z.object({
  id: z.string(),
  customer: stripeId.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: stripeId }).nullish() }).nullish(),
  subscription: stripeId.nullish(),
});

export function invoiceSubscriptionId(invoice: z.infer<typeof invoiceObject>): string | undefined {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? undefined;
}

export const subscriptionObject = z.object({
  id: z.string(),
  status: z.enum(["active", "trialing", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"]),
  customer: stripeId,
  metadata,
  cancel_at_period_end: z.boolean(),
  ended_at: z.number().nullish(),
  current_period_start: z.number().optional(),
  current_period_end: z.number().optional(),
  items: z.object({
    data: z
      .array(
        z.object({
          price: z.object({ id: z.string(), recurring: z.object({ interval: z.string() }).nullish() }),
          current_period_start: z.number().optional(),
          current_period_end: z.number().optional(),
        }),
      )
      .min(1),
  }),
});
export type SubscriptionObject = z.infer<typeof subscriptionObject>;
