CREATE TABLE "likeness_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"verdict" text NOT NULL,
	"score" real,
	"faces" smallint,
	"delivered" boolean DEFAULT false NOT NULL,
	"image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likeness_checks_attempt_known" CHECK ("likeness_checks"."attempt" in (1, 2)),
	CONSTRAINT "likeness_checks_verdict_known" CHECK ("likeness_checks"."verdict" in ('passed', 'noFace', 'severalFaces', 'notSamePerson', 'unchecked'))
);
--> statement-breakpoint
ALTER TABLE "likeness_checks" ADD CONSTRAINT "likeness_checks_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likeness_checks" ADD CONSTRAINT "likeness_checks_image_id_generation_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."generation_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "likeness_checks_generation_position_attempt_key" ON "likeness_checks" USING btree ("generation_id","position","attempt");--> statement-breakpoint
CREATE INDEX "likeness_checks_created_at_idx" ON "likeness_checks" USING btree ("created_at");