ALTER TABLE "engine_predictions" DROP CONSTRAINT "engine_predictions_status_known";--> statement-breakpoint
DROP INDEX "engine_predictions_running_idx";--> statement-breakpoint
ALTER TABLE "engine_predictions" ALTER COLUMN "external_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD COLUMN "submit_failure" text;--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD COLUMN "submit_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD COLUMN "output_count" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "engine_predictions_attempt_key" ON "engine_predictions" USING btree ("generation_id","position","attempt");--> statement-breakpoint
CREATE INDEX "engine_predictions_running_idx" ON "engine_predictions" USING btree ("created_at") WHERE "engine_predictions"."status" in ('running', 'submitting');--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD CONSTRAINT "engine_predictions_attempt_positive" CHECK ("engine_predictions"."attempt" >= 1);--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD CONSTRAINT "engine_predictions_status_known" CHECK ("engine_predictions"."status" in ('pending', 'submitting', 'not_created', 'running', 'succeeded', 'failed', 'canceled'));