import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Generations and their images (decisions 9-12). One table serves the four tools and edits;
 * each row is also a durable job that any app server may claim.
 *
 * Uploaded originals have no table of their own: an upload only ever exists as the input of
 * one generation (drafts stay in the browser), so `original_image_key` on that generation is
 * enough, and the 30-day sweep (decision 12) deletes the file and sets `original_deleted_at`.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const generationTools = ["headshot_pro", "ai_product", "hair_changer", "body_shaper", "edit"] as const;
export type GenerationTool = (typeof generationTools)[number];
export const generationToolEnum = pgEnum("generation_tool", generationTools);

export const generationStatuses = ["pending", "processing", "complete", "failed"] as const;
export type GenerationStatus = (typeof generationStatuses)[number];
export const generationStatusEnum = pgEnum("generation_status", generationStatuses);

/** Tool options as accepted by the server; each tool's module validates its own shape. */
export type GenerationInput = Record<string, unknown>;

/** Usage an image service reported for one job; every field is a sum over its requests. */
export interface EngineUsage {
  /** Requests made to the service (predictions, API calls). */
  requests?: number;
  /** Compute time the service reported (Replicate's predict_time, fal's inference_time). */
  computeSeconds?: number;
  /** Tokens the service counted (Gemini). */
  inputTokens?: number;
  outputTokens?: number;
}

export const generations = pgTable(
  "generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tool: generationToolEnum("tool").notNull(),
    /** Label shown in activity and the gallery: "Headshot Pro", "AI Product", ... (spec §3). */
    category: text("category").notNull().default("AI Tools"),
    status: generationStatusEnum("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    input: jsonb("input").$type<GenerationInput>().notNull().default({}),
    /** Storage key of the uploaded photo; null for edits and after the 30-day sweep. */
    originalImageKey: text("original_image_key"),
    originalDeletedAt: timestamptz("original_deleted_at"),
    /** For edits and remixes: the image being edited. */
    parentImageId: uuid("parent_image_id").references((): AnyPgColumn => generationImages.id, {
      onDelete: "set null",
    }),
    /** Credits taken when the server accepted the job (decision 3); refunded on failure. */
    creditsCost: integer("credits_cost").notNull().default(0),
    numberShots: integer("number_shots").notNull().default(1),
    /** Translation key shown to the user, e.g. "generation.failed"; errorMessage is for logs. */
    errorKey: text("error_key"),
    errorMessage: text("error_message"),
    /**
     * The image service's own message on a failure ('Webhook error' and the server's message,
     * spec §8), cleaned for display to the owner (lib/generation/error-detail.ts); null if none.
     */
    errorDetail: text("error_detail"),
    /** Which engine produced the images ("preview", "webhook", "openai"). */
    engine: text("engine"),
    /** The hosted model that made (or was asked to make) the images, e.g. "black-forest-labs/flux-kontext-pro". */
    engineModel: text("engine_model"),
    /** What the image service reported using for this job (compute time, tokens), for the cost report. */
    engineUsage: jsonb("engine_usage").$type<EngineUsage>(),

    // Job queue. A worker claims a pending row whose run_after has passed with
    // `FOR UPDATE SKIP LOCKED`, sets status processing, locked_by and a lease; a row whose lease
    // expired is reclaimed or, past deadline_at, failed and refunded. run_after is null while
    // the job may not start yet (a cash pack waiting for its payment).
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    /**
     * A fresh random token for every claim. A worker's writes to its running job are conditional
     * on this token (not on locked_by), so a run that lost its lease can never write after the
     * job was claimed again, even by the same worker.
     */
    claimToken: uuid("claim_token"),
    leaseExpiresAt: timestamptz("lease_expires_at"),
    runAfter: timestamptz("run_after").defaultNow(),
    startedAt: timestamptz("started_at"),
    completedAt: timestamptz("completed_at"),
    deadlineAt: timestamptz("deadline_at"),

    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("generations_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("generations_status_run_after_idx").on(t.status, t.runAfter),
    index("generations_processing_lease_idx")
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'processing'`),
    index("generations_original_sweep_idx")
      .on(t.createdAt)
      .where(sql`${t.originalImageKey} is not null`),
    // The sweep of unreferenced files asks which stored keys a row still names.
    index("generations_original_image_key_idx").on(t.originalImageKey),
    index("generations_parent_image_id_idx").on(t.parentImageId),
    check("generations_progress_range", sql`${t.progress} between 0 and 100`),
    check("generations_credits_cost_nonnegative", sql`${t.creditsCost} >= 0`),
    check("generations_number_shots_positive", sql`${t.numberShots} >= 1`),
    check("generations_attempts_nonnegative", sql`${t.attempts} >= 0`),
  ],
);

/**
 * One stored image of a generation. Rows are soft-deleted (deleted_at) when the user removes
 * an image from a page so the job cannot bring it back; the file itself is deleted at once.
 */
export const generationImages = pgTable(
  "generation_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    generationId: uuid("generation_id")
      .notNull()
      .references((): AnyPgColumn => generations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    byteSize: integer("byte_size").notNull(),
    /** Order within the generation; unique so a retried job cannot store an image twice. */
    position: integer("position").notNull().default(0),
    /** For an edit result: the image it was made from. */
    sourceImageId: uuid("source_image_id").references((): AnyPgColumn => generationImages.id, {
      onDelete: "set null",
    }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    uniqueIndex("generation_images_generation_id_position_key").on(t.generationId, t.position),
    uniqueIndex("generation_images_storage_key_key").on(t.storageKey),
    index("generation_images_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("generation_images_source_image_id_idx").on(t.sourceImageId),
    check("generation_images_byte_size_nonnegative", sql`${t.byteSize} >= 0`),
    check("generation_images_position_nonnegative", sql`${t.position} >= 0`),
  ],
);

export type Generation = typeof generations.$inferSelect;
export type NewGeneration = typeof generations.$inferInsert;
export type GenerationImage = typeof generationImages.$inferSelect;
export type NewGenerationImage = typeof generationImages.$inferInsert;
