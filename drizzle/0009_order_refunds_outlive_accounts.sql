ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_purchase_id_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider" "payment_provider";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "payment_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;