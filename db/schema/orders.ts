import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { paymentProviderEnum, purchases } from "./billing";
import { generations } from "./generations";

/**
 * Paid orders and what they owe back (decisions 17 and 19): money refunds of cash packs that
 * could not deliver what was bought, and the one free trial of each account.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Why an order's money goes back: its generation failed, delivered fewer images than bought,
 * or the payment arrived for an order that could no longer be delivered (closed, photos deleted).
 */
export const orderRefundReasons = ["generation_failed", "partial_delivery", "order_closed"] as const;
export type OrderRefundReason = (typeof orderRefundReasons)[number];
export const orderRefundReasonEnum = pgEnum("order_refund_reason", orderRefundReasons);

/** "pending" until the payment provider confirmed it; "failed" once it gave up retrying. */
export const orderRefundStatuses = ["pending", "refunded", "failed"] as const;
export type OrderRefundStatus = (typeof orderRefundStatuses)[number];
export const orderRefundStatusEnum = pgEnum("order_refund_status", orderRefundStatuses);

/**
 * A money refund owed on a paid order, written in the transaction that decided it (the job's
 * outcome, or the payment of a closed order) and sent to the payment provider afterwards. One
 * per purchase: an order's generation ends once, so a retried job or a replayed payment event
 * never refunds twice.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The purchase and its owner; both become null when the account is deleted, and a refund
     * still owed then goes on with the payment it names below (issue 34).
     */
    purchaseId: uuid("purchase_id")
      .unique("order_refunds_purchase_id_key")
      .references(() => purchases.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where the money goes back, copied from the purchase when its account is deleted. */
    provider: paymentProviderEnum("provider"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The whole payment's amount (a refund of all of it marks the purchase refunded). */
    paymentAmountMinor: integer("payment_amount_minor"),
    generationId: uuid("generation_id").references((): AnyPgColumn => generations.id, { onDelete: "set null" }),
    reason: orderRefundReasonEnum("reason").notNull(),
    /** Images bought but not delivered (all of them unless the delivery was partial). */
    missingImages: integer("missing_images").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: orderRefundStatusEnum("status").notNull().default("pending"),
    /** Stripe's refund id (re_...); null for the test checkout and until Stripe answered. */
    providerRefundId: text("provider_refund_id").unique("order_refunds_provider_refund_id_key"),
    attempts: integer("attempts").notNull().default(0),
    /** Why the last attempt to send it failed, for the logs and support; never shown as is. */
    lastError: text("last_error"),
    refundedAt: timestamptz("refunded_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("order_refunds_generation_id_idx").on(t.generationId),
    index("order_refunds_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check("order_refunds_amount_positive", sql`${t.amountMinor} > 0`),
    check("order_refunds_missing_images_positive", sql`${t.missingImages} > 0`),
    check("order_refunds_attempts_nonnegative", sql`${t.attempts} >= 0`),
  ],
);

/**
 * The Headshot Pro free trial taken by an account (decision 17): one row per user, written with
 * the trial's spend, and kept when the trial fails and is refunded or its photos are deleted,
 * so the trial is offered once per account.
 */
export const freeTrialClaims = pgTable("free_trial_claims", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  generationId: uuid("generation_id").references((): AnyPgColumn => generations.id, { onDelete: "set null" }),
  claimedAt: timestamptz("claimed_at").notNull().defaultNow(),
});

export type OrderRefund = typeof orderRefunds.$inferSelect;
export type NewOrderRefund = typeof orderRefunds.$inferInsert;
export type FreeTrialClaim = typeof freeTrialClaims.$inferSelect;
