import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { generations, generationToolEnum } from "./generations";

/**
 * Predictions started at a hosted image service (Replicate, fal) for a job that waits for them
 * without holding a worker: the job is parked in the queue and resumed when the service calls
 * back or, failing that, when a poll is due. A callback is matched by (engine, external_id) and
 * applied once: only a row still `running` changes. The row outlives its job (generation_id is
 * set null when the job is deleted) so a prediction still running can be cancelled at the
 * service; once a job has ended, the outputs (the service's image URLs) are cleared.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const predictionStatuses = ["running", "succeeded", "failed", "canceled"] as const;
export type PredictionStatus = (typeof predictionStatuses)[number];

export const enginePredictions = pgTable(
  "engine_predictions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    generationId: uuid("generation_id").references(() => generations.id, { onDelete: "set null" }),
    /** The job's tool, kept for the cost report after the job itself is deleted. */
    tool: generationToolEnum("tool").notNull(),
    /** The engine that started it ("replicate", "fal"). */
    engine: text("engine").notNull(),
    /** The service's id of the prediction (Replicate's prediction id, fal's request id). */
    externalId: text("external_id").notNull(),
    /** The model or endpoint it runs on; fal needs it again to poll and cancel. */
    model: text("model").notNull(),
    /** Order within the job: outputs are delivered in this order. */
    position: integer("position").notNull(),
    /** Images asked of this prediction. */
    imageCount: integer("image_count").notNull(),
    status: text("status").$type<PredictionStatus>().notNull().default("running"),
    /** The image URLs of a succeeded prediction, until the job has taken them. */
    outputs: jsonb("outputs").$type<string[]>(),
    /** The service's failure text, for the logs (and for the user only when it was a refusal). */
    error: text("error"),
    /** True when the service refused the request or its result for safety reasons. */
    refused: boolean("refused").notNull().default(false),
    computeSeconds: doublePrecision("compute_seconds"),
    /** When the service's signed callback was applied (null: learnt by polling, or not yet). */
    callbackAt: timestamptz("callback_at"),
    finishedAt: timestamptz("finished_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("engine_predictions_engine_external_id_key").on(t.engine, t.externalId),
    index("engine_predictions_generation_id_idx").on(t.generationId),
    index("engine_predictions_running_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'running'`),
    check("engine_predictions_status_known", sql`${t.status} in ('running', 'succeeded', 'failed', 'canceled')`),
    check("engine_predictions_image_count_positive", sql`${t.imageCount} >= 1`),
  ],
);

export type EnginePrediction = typeof enginePredictions.$inferSelect;
