CREATE TABLE "engine_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid,
	"tool" "generation_tool" NOT NULL,
	"engine" text NOT NULL,
	"external_id" text NOT NULL,
	"model" text NOT NULL,
	"position" integer NOT NULL,
	"image_count" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"outputs" jsonb,
	"error" text,
	"refused" boolean DEFAULT false NOT NULL,
	"compute_seconds" double precision,
	"callback_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_predictions_status_known" CHECK ("engine_predictions"."status" in ('running', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "engine_predictions_image_count_positive" CHECK ("engine_predictions"."image_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "engine_model" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "engine_usage" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "engine_predictions" ADD CONSTRAINT "engine_predictions_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engine_predictions_engine_external_id_key" ON "engine_predictions" USING btree ("engine","external_id");--> statement-breakpoint
CREATE INDEX "engine_predictions_generation_id_idx" ON "engine_predictions" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "engine_predictions_running_idx" ON "engine_predictions" USING btree ("created_at") WHERE "engine_predictions"."status" = 'running';--> statement-breakpoint
CREATE INDEX "generations_original_image_key_idx" ON "generations" USING btree ("original_image_key");