CREATE TYPE "public"."purchase_dispute_status" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
ALTER TYPE "public"."credit_ledger_kind" ADD VALUE 'reversal';--> statement-breakpoint
ALTER TYPE "public"."credit_ledger_kind" ADD VALUE 'dispute_hold';--> statement-breakpoint
ALTER TYPE "public"."credit_ledger_kind" ADD VALUE 'dispute_release';--> statement-breakpoint
ALTER TYPE "public"."purchase_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_credits_used_within_allowance";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "unrecovered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subscription_observed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "allowance_frozen_by" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stripe_dispute_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dispute_status" "purchase_dispute_status";--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_stripe_payment_intent_id_key" UNIQUE("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_unrecovered_nonnegative" CHECK ("credit_ledger"."unrecovered" >= 0);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refunded_within_amount" CHECK ("purchases"."refunded_minor" >= 0 and "purchases"."refunded_minor" <= "purchases"."amount_minor");