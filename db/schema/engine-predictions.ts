import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { generations, generationToolEnum } from "./generations";

/**
 * Predictions at a hosted image service (Replicate, fal) for a job that waits for them without
 * holding a worker: the job is parked in the queue and resumed when the service calls back or,
 * failing that, when a poll is due. One row per attempt at one position of the job (the job's
 * planned requests, in order): it is written as `submitting` BEFORE the create call (DESIGN rule
 * 14), so a retry, a crash or another worker finds it instead of paying again. A create that may
 * have reached the service but gave no id (a 500, a dropped connection, a server stopped
 * mid-call) leaves the row `submitting`: it is "in doubt" until the service's signed callback
 * (whose URL names job, position and attempt) or a lookup at the service adopts it, or the
 * lookup shows it was never made (`not_created`); only then may the position get a new attempt.
 * A later attempt at the same position (attempt + 1) is recorded the same way, also when asked
 * for on purpose (`pending`: a remake, lib/generation/worker/prediction-attempts.ts).
 * A callback is matched by (engine, external_id) and applied once: only a row still `running`
 * changes. The row outlives its job (generation_id is set null when the job is deleted) so a
 * prediction still running can be cancelled at the service; once a job has ended, the outputs
 * (the service's image URLs) are cleared.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const predictionStatuses = ["pending", "submitting", "not_created", "running", "succeeded", "failed", "canceled"] as const;
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
    /** The service's id of the prediction (Replicate's prediction id, fal's request id); null until known. */
    externalId: text("external_id"),
    /** The model or endpoint it runs on; fal needs it again to poll and cancel. */
    model: text("model").notNull(),
    /** Order within the job: outputs are delivered in this order. */
    position: integer("position").notNull(),
    /** 1 for the first try at this position; each new try (after one never made, or a remake) adds one. */
    attempt: integer("attempt").notNull().default(1),
    /** Images asked of this prediction. */
    imageCount: integer("image_count").notNull(),
    status: text("status").$type<PredictionStatus>().notNull().default("running"),
    /** Why the create call gave no id (it may still have made the prediction), for the operator. */
    submitFailure: text("submit_failure"),
    /** When the service answered that failed create (an HTTP error): the prediction, if made, is findable at once. */
    submitAnsweredAt: timestamptz("submit_answered_at"),
    /** Images the service made (what per-image prices count). */
    outputCount: integer("output_count"),
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
    uniqueIndex("engine_predictions_attempt_key").on(t.generationId, t.position, t.attempt),
    index("engine_predictions_generation_id_idx").on(t.generationId),
    index("engine_predictions_running_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('running', 'submitting')`),
    check(
      "engine_predictions_status_known",
      sql`${t.status} in ('pending', 'submitting', 'not_created', 'running', 'succeeded', 'failed', 'canceled')`,
    ),
    check("engine_predictions_attempt_positive", sql`${t.attempt} >= 1`),
    check("engine_predictions_image_count_positive", sql`${t.imageCount} >= 1`),
  ],
);

export type EnginePrediction = typeof enginePredictions.$inferSelect;
