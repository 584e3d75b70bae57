CREATE TYPE "public"."auth_token_purpose" AS ENUM('confirm', 'reset');--> statement-breakpoint
CREATE TYPE "public"."credit_ledger_kind" AS ENUM('grant', 'purchase', 'subscription_allowance', 'spend', 'refund', 'expiry');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('stripe', 'test');--> statement-breakpoint
CREATE TYPE "public"."purchase_kind" AS ENUM('subscription', 'top_up', 'cash_pack');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('pending', 'paid', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_period" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."subscription_plan" AS ENUM('starter', 'pro', 'advanced');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('inactive', 'active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused');--> statement-breakpoint
CREATE TYPE "public"."generation_status" AS ENUM('pending', 'processing', 'complete', 'failed');--> statement-breakpoint
CREATE TYPE "public"."generation_tool" AS ENUM('headshot_pro', 'ai_product', 'hair_changer', 'body_shaper', 'edit');--> statement-breakpoint
CREATE TABLE "accounts" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"refresh_token" text,
	"access_token" text,
	"expires_at" integer,
	"token_type" text,
	"scope" text,
	"id_token" text,
	"session_state" text,
	CONSTRAINT "accounts_pkey" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" "auth_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"email_verified" timestamp with time zone,
	"image" text,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_tokens_pkey" PRIMARY KEY("identifier","token")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" "credit_ledger_kind" NOT NULL,
	"delta" integer NOT NULL,
	"bonus_delta" integer DEFAULT 0 NOT NULL,
	"monthly_delta" integer DEFAULT 0 NOT NULL,
	"balance_after" integer NOT NULL,
	"cause_key" text NOT NULL,
	"generation_id" uuid,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_cause_key_key" UNIQUE("cause_key"),
	CONSTRAINT "credit_ledger_delta_split" CHECK ("credit_ledger"."delta" = "credit_ledger"."bonus_delta" + "credit_ledger"."monthly_delta"),
	CONSTRAINT "credit_ledger_balance_after_nonnegative" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"subscription_plan" "subscription_plan",
	"subscription_status" "subscription_status" DEFAULT 'inactive' NOT NULL,
	"subscription_period" "subscription_period",
	"monthly_credits" integer DEFAULT 0 NOT NULL,
	"bonus_credits" integer DEFAULT 0 NOT NULL,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"credits_period_start" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_stripe_customer_id_key" UNIQUE("stripe_customer_id"),
	CONSTRAINT "profiles_stripe_subscription_id_key" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "profiles_monthly_credits_nonnegative" CHECK ("profiles"."monthly_credits" >= 0),
	CONSTRAINT "profiles_bonus_credits_nonnegative" CHECK ("profiles"."bonus_credits" >= 0),
	CONSTRAINT "profiles_credits_used_nonnegative" CHECK ("profiles"."credits_used" >= 0),
	CONSTRAINT "profiles_credits_used_within_allowance" CHECK ("profiles"."credits_used" <= "profiles"."monthly_credits")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" "purchase_kind" NOT NULL,
	"provider" "payment_provider" DEFAULT 'stripe' NOT NULL,
	"item_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"status" "purchase_status" DEFAULT 'pending' NOT NULL,
	"stripe_checkout_session_id" text,
	"generation_id" uuid,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_stripe_checkout_session_id_key" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "purchases_amount_nonnegative" CHECK ("purchases"."amount_minor" >= 0),
	CONSTRAINT "purchases_credits_nonnegative" CHECK ("purchases"."credits" >= 0),
	CONSTRAINT "purchases_currency_code" CHECK ("purchases"."currency" ~ '^[a-z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"byte_size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "generation_images_byte_size_nonnegative" CHECK ("generation_images"."byte_size" >= 0),
	CONSTRAINT "generation_images_position_nonnegative" CHECK ("generation_images"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tool" "generation_tool" NOT NULL,
	"category" text DEFAULT 'AI Tools' NOT NULL,
	"status" "generation_status" DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"original_image_key" text,
	"original_deleted_at" timestamp with time zone,
	"parent_image_id" uuid,
	"credits_cost" integer DEFAULT 0 NOT NULL,
	"number_shots" integer DEFAULT 1 NOT NULL,
	"error_key" text,
	"error_message" text,
	"engine" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"lease_expires_at" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now(),
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generations_progress_range" CHECK ("generations"."progress" between 0 and 100),
	CONSTRAINT "generations_credits_cost_nonnegative" CHECK ("generations"."credits_cost" >= 0),
	CONSTRAINT "generations_number_shots_positive" CHECK ("generations"."number_shots" >= 1),
	CONSTRAINT "generations_attempts_nonnegative" CHECK ("generations"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "examples" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "examples_image_url_key" UNIQUE("image_url")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_images" ADD CONSTRAINT "generation_images_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_images" ADD CONSTRAINT "generation_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_images" ADD CONSTRAINT "generation_images_source_image_id_generation_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."generation_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_parent_image_id_generation_images_id_fk" FOREIGN KEY ("parent_image_id") REFERENCES "public"."generation_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_created_at_idx" ON "auth_attempts" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_at_idx" ON "auth_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_id_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id_created_at_idx" ON "credit_ledger" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_ledger_generation_id_idx" ON "credit_ledger" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "purchases_user_id_created_at_idx" ON "purchases" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchases_generation_id_idx" ON "purchases" USING btree ("generation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "generation_images_generation_id_position_key" ON "generation_images" USING btree ("generation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "generation_images_storage_key_key" ON "generation_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "generation_images_user_id_created_at_idx" ON "generation_images" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_images_source_image_id_idx" ON "generation_images" USING btree ("source_image_id");--> statement-breakpoint
CREATE INDEX "generations_user_id_created_at_idx" ON "generations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generations_status_run_after_idx" ON "generations" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "generations_processing_lease_idx" ON "generations" USING btree ("lease_expires_at") WHERE "generations"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "generations_original_sweep_idx" ON "generations" USING btree ("created_at") WHERE "generations"."original_image_key" is not null;--> statement-breakpoint
CREATE INDEX "generations_parent_image_id_idx" ON "generations" USING btree ("parent_image_id");--> statement-breakpoint
CREATE INDEX "examples_active_sort_order_idx" ON "examples" USING btree ("is_active","sort_order");