CREATE TYPE "public"."order_refund_reason" AS ENUM('generation_failed', 'partial_delivery', 'order_closed');--> statement-breakpoint
CREATE TYPE "public"."order_refund_status" AS ENUM('pending', 'refunded', 'failed');--> statement-breakpoint
CREATE TABLE "free_trial_claims" (
	"user_id" text PRIMARY KEY NOT NULL,
	"generation_id" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" uuid,
	"reason" "order_refund_reason" NOT NULL,
	"missing_images" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "order_refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_purchase_id_key" UNIQUE("purchase_id"),
	CONSTRAINT "order_refunds_provider_refund_id_key" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_minor" > 0),
	CONSTRAINT "order_refunds_missing_images_positive" CHECK ("order_refunds"."missing_images" > 0),
	CONSTRAINT "order_refunds_attempts_nonnegative" CHECK ("order_refunds"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "free_trial_claims" ADD CONSTRAINT "free_trial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial_claims" ADD CONSTRAINT "free_trial_claims_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_generation_id_idx" ON "order_refunds" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" = 'pending';