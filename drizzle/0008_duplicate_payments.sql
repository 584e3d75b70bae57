CREATE TABLE "duplicate_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"stripe_payment_intent_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_payments_stripe_payment_intent_id_key" UNIQUE("stripe_payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_payments_purchase_id_idx" ON "duplicate_payments" USING btree ("purchase_id");