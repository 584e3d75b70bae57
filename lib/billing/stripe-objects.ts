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
  /** open, complete or expired. */
  status: z.string().nullish(),
  payment_status: z.string(),
  metadata,
  client_reference_id: z.string().nullish(),
  customer: stripeId.nullish(),
  subscription: stripeId.nullish(),
  payment_intent: stripeId.nullish(),
  amount_total: z.number().nullish(),
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>;

export const invoiceObject = z.object({
  id: z.string(),
  customer: stripeId.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: stripeId }).nullish() }).nullish(),
  subscription: stripeId.nullish(),
});

/**
 * GET /v1/invoices: each invoice's page at Stripe (its receipt once paid) and the service
 * periods its lines bill (an invoice's own period_start/end are not the plan's period).
 */
export const invoicePeriodList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      hosted_invoice_url: z.string().url().nullish(),
      lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }) })) }),
    }),
  ),
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
  /** An id, or the invoice itself when retrieved with expand[]=latest_invoice. */
  latest_invoice: z.union([z.string(), z.object({ id: z.string(), status: z.string().nullish() })]).nullish(),
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

export function latestInvoiceId(subscription: SubscriptionObject): string | undefined {
  const invoice = subscription.latest_invoice;
  return typeof invoice === "string" ? invoice : invoice?.id;
}

/**
 * Whether the current billing period is paid: at a renewal Stripe starts the new period first
 * and collects its invoice afterwards (draft, then open until paid). Without the expanded
 * invoice there is nothing to doubt.
 */
export function isPeriodPaid(subscription: SubscriptionObject): boolean {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return true;
  return invoice.status !== "draft" && invoice.status !== "open" && invoice.status !== "uncollectible";
}

/** A payment; `amount_refunded` only grows, so the largest one seen is the latest. */
export const chargeObject = z.object({
  id: z.string(),
  amount: z.number(),
  amount_refunded: z.number(),
  refunded: z.boolean(),
  payment_intent: stripeId.nullish(),
});
export type ChargeObject = z.infer<typeof chargeObject>;

export const disputeObject = z.object({
  id: z.string(),
  charge: stripeId,
  payment_intent: stripeId.nullish(),
  /** needs_response, under_review, won, lost, warning_closed (an inquiry that never became a chargeback)... */
  status: z.string(),
});
export type DisputeObject = z.infer<typeof disputeObject>;

export const paymentIntentObject = z.object({ id: z.string(), metadata });

/** GET /v1/invoice_payments: which invoice a PaymentIntent paid, and the reverse. */
export const invoicePaymentList = z.object({
  data: z.array(
    z.object({
      invoice: stripeId,
      status: z.string().optional(),
      payment: z.object({ payment_intent: stripeId.nullish() }),
    }),
  ),
});
