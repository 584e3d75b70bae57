import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { generations } from "./generations";

/**
 * Credits and payments (decisions 1-8). Balances live on the profile; every change to them is
 * also a ledger row written in the same transaction, keyed by its cause so it happens once.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();
const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const subscriptionPlans = ["starter", "pro", "advanced"] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const subscriptionPlanEnum = pgEnum("subscription_plan", subscriptionPlans);

/** "inactive" = never subscribed; the rest mirror Stripe's Subscription.status. */
export const subscriptionStatuses = [
  "inactive",
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusEnum = pgEnum("subscription_status", subscriptionStatuses);

export const subscriptionPeriods = ["monthly", "yearly"] as const;
export type SubscriptionPeriod = (typeof subscriptionPeriods)[number];
export const subscriptionPeriodEnum = pgEnum("subscription_period", subscriptionPeriods);

/**
 * One per user (spec §3). availableCredits = greatest(monthly_credits - credits_used, 0) +
 * bonus_credits: the spec's formula, except that credits_used is what was really used in the
 * current month of the plan and survives every plan change in it, so after a downgrade (or
 * while a payment is past due and monthly_credits is 0) it may exceed monthly_credits; the
 * allowance part is then 0, never negative, and an upgrade adds only the difference back.
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionPlan: subscriptionPlanEnum("subscription_plan"),
    subscriptionStatus: subscriptionStatusEnum("subscription_status").notNull().default("inactive"),
    subscriptionPeriod: subscriptionPeriodEnum("subscription_period"),
    monthlyCredits: integer("monthly_credits").notNull().default(0),
    bonusCredits: integer("bonus_credits").notNull().default(0),
    creditsUsed: integer("credits_used").notNull().default(0),
    subscriptionStartDate: timestamptz("subscription_start_date"),
    subscriptionEndDate: timestamptz("subscription_end_date"),
    /** Start of the current month of the plan; credits_used resets when a month has passed (decision 6). */
    creditsPeriodStart: timestamptz("credits_period_start"),
    stripeCustomerId: text("stripe_customer_id").unique("profiles_stripe_customer_id_key"),
    stripeSubscriptionId: text("stripe_subscription_id").unique("profiles_stripe_subscription_id_key"),
    currentPeriodEnd: timestamptz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /**
     * When the subscription state last applied was read from Stripe (or the test checkout): a
     * state read earlier, by a slower concurrent webhook, is older and must not overwrite it.
     */
    subscriptionObservedAt: timestamptz("subscription_observed_at"),
    /** An open dispute on a subscription payment: the allowance is frozen until it closes (decision 20). */
    allowanceFrozenBy: text("allowance_frozen_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_monthly_credits_nonnegative", sql`${t.monthlyCredits} >= 0`),
    check("profiles_bonus_credits_nonnegative", sql`${t.bonusCredits} >= 0`),
    check("profiles_credits_used_nonnegative", sql`${t.creditsUsed} >= 0`),
  ],
);

export const purchaseKinds = ["subscription", "top_up", "cash_pack"] as const;
export type PurchaseKind = (typeof purchaseKinds)[number];
export const purchaseKindEnum = pgEnum("purchase_kind", purchaseKinds);

/** "refunded": the whole payment went back to the buyer (partial refunds keep "paid"). */
export const purchaseStatuses = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];
export const purchaseStatusEnum = pgEnum("purchase_status", purchaseStatuses);

/** "test" is the built-in test checkout of decision 8. */
export const paymentProviders = ["stripe", "test"] as const;

/** A payment dispute (chargeback) on a purchase, as Stripe's dispute status settles. */
export const purchaseDisputeStatuses = ["open", "won", "lost"] as const;
export type PurchaseDisputeStatus = (typeof purchaseDisputeStatuses)[number];
export const purchaseDisputeStatusEnum = pgEnum("purchase_dispute_status", purchaseDisputeStatuses);
export type PaymentProvider = (typeof paymentProviders)[number];
export const paymentProviderEnum = pgEnum("payment_provider", paymentProviders);

/**
 * A checkout the server started. Item, amount and credits are decided by the server from the
 * catalogue when the row is created (decision 4); fulfilment only reads them back.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: purchaseKindEnum("kind").notNull(),
    provider: paymentProviderEnum("provider").notNull().default("stripe"),
    /** Catalogue id, e.g. "pro_monthly", "top_up_200", "25_headshots". */
    itemId: text("item_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** Lower-case ISO code as Stripe writes it: "usd" or "eur". */
    currency: text("currency").notNull(),
    /** Credits this purchase grants when paid (0 for cash packs, which start a generation). */
    credits: integer("credits").notNull().default(0),
    status: purchaseStatusEnum("status").notNull().default("pending"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(
      "purchases_stripe_checkout_session_id_key",
    ),
    /** The headshot generation a cash pack pays for; it is queued once the payment lands. */
    generationId: uuid("generation_id").references((): AnyPgColumn => generations.id, {
      onDelete: "set null",
    }),
    fulfilledAt: timestamptz("fulfilled_at"),
    /** Stripe's PaymentIntent of a one-off payment: refunds and disputes name it. */
    stripePaymentIntentId: text("stripe_payment_intent_id").unique("purchases_stripe_payment_intent_id_key"),
    /** Money given back so far (Stripe's amount_refunded: only ever grows). */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The latest dispute on this payment and how it stands; it only moves from open to won or lost. */
    stripeDisputeId: text("stripe_dispute_id"),
    disputeStatus: purchaseDisputeStatusEnum("dispute_status"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("purchases_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("purchases_generation_id_idx").on(t.generationId),
    check("purchases_amount_nonnegative", sql`${t.amountMinor} >= 0`),
    check("purchases_credits_nonnegative", sql`${t.credits} >= 0`),
    check("purchases_refunded_within_amount", sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
    check("purchases_currency_code", sql`${t.currency} ~ '^[a-z]{3}$'`),
  ],
);

/**
 * "refund" gives back what a spend took; "reversal" takes back what a refunded (or lost
 * disputed) payment bought; "dispute_hold" / "dispute_release" freeze and unfreeze credits
 * while a dispute is open.
 */
export const creditLedgerKinds = [
  "grant",
  "purchase",
  "subscription_allowance",
  "spend",
  "refund",
  "expiry",
  "reversal",
  "dispute_hold",
  "dispute_release",
] as const;
export type CreditLedgerKind = (typeof creditLedgerKinds)[number];
export const creditLedgerKindEnum = pgEnum("credit_ledger_kind", creditLedgerKinds);

/**
 * Every change of a balance (decision 1). delta is the change of availableCredits and is split
 * into the part that moved bonus_credits and the part that moved (monthly_credits -
 * credits_used), so a refund can give back exactly what its spend took. cause_key is unique
 * per cause ("signup:<userId>", "stripe:<checkoutSessionId>", "generation:<id>:spend",
 * "generation:<id>:refund", ...): writing the same cause twice fails instead of double-counting.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: creditLedgerKindEnum("kind").notNull(),
    delta: integer("delta").notNull(),
    bonusDelta: integer("bonus_delta").notNull().default(0),
    monthlyDelta: integer("monthly_delta").notNull().default(0),
    /** availableCredits right after this change. */
    balanceAfter: integer("balance_after").notNull(),
    /**
     * Credits a reversal or hold should have taken but could not, because they were already
     * spent and a balance never goes below zero: recorded here rather than hidden (decision 20).
     */
    unrecovered: integer("unrecovered").notNull().default(0),
    causeKey: text("cause_key").notNull().unique("credit_ledger_cause_key_key"),
    generationId: uuid("generation_id").references((): AnyPgColumn => generations.id, {
      onDelete: "set null",
    }),
    purchaseId: uuid("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    /**
     * The moment of the write, not of its transaction: the rows one change writes together (a
     * refund during a dispute ends a hold, takes back, holds again) keep their order in the history.
     */
    createdAt: timestamptz("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index("credit_ledger_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("credit_ledger_generation_id_idx").on(t.generationId),
    check("credit_ledger_delta_split", sql`${t.delta} = ${t.bonusDelta} + ${t.monthlyDelta}`),
    check("credit_ledger_balance_after_nonnegative", sql`${t.balanceAfter} >= 0`),
    check("credit_ledger_unrecovered_nonnegative", sql`${t.unrecovered} >= 0`),
  ],
);

/**
 * A second payment of a purchase another payment had already settled (two Checkout Sessions of
 * one purchase were both paid): it bought nothing and was refunded in full at once. Kept so the
 * buyer sees the refund beside the order.
 */
export const duplicatePayments = pgTable(
  "duplicate_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purchaseId: uuid("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    stripePaymentIntentId: text("stripe_payment_intent_id").notNull().unique("duplicate_payments_stripe_payment_intent_id_key"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    refundedAt: timestamptz("refunded_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("duplicate_payments_purchase_id_idx").on(t.purchaseId)],
);

/** Stripe events already applied (decision 5): insert first, skip the event on conflict. */
export const stripeEvents = pgTable("stripe_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamptz("processed_at").notNull().defaultNow(),
});

export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type CreditLedgerEntry = typeof creditLedger.$inferSelect;
export type NewCreditLedgerEntry = typeof creditLedger.$inferInsert;
export type StripeEvent = typeof stripeEvents.$inferSelect;
export type DuplicatePayment = typeof duplicatePayments.$inferSelect;
