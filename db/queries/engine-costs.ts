import { and, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { enginePredictions, generationImages, generations } from "@/db/schema";

/**
 * What the image services were asked for and reported using, per UTC day, tool, engine and
 * model (npm run report:costs): jobs and their outcome, images delivered, requests made,
 * compute time (Replicate's predict_time, fal's inference_time) and tokens (Gemini). Across
 * owners: an operator's report, not a user's page.
 */

const float = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)::float8`.mapWith(Number);

export async function engineCostsByDay(db: DbOrTx, since: Date) {
  const predictionTotals = db
    .select({
      generationId: enginePredictions.generationId,
      predictions: sql<number>`count(*)`.as("predictions"),
      computeSeconds: sql<number>`sum(${enginePredictions.computeSeconds})`.as("prediction_compute_seconds"),
    })
    .from(enginePredictions)
    .groupBy(enginePredictions.generationId)
    .as("prediction_totals");
  const imageTotals = db
    .select({ generationId: generationImages.generationId, images: sql<number>`count(*)`.as("images") })
    .from(generationImages)
    .groupBy(generationImages.generationId)
    .as("image_totals");
  const day = sql<string>`to_char(${generations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const usage = (key: string) => sql`sum((${generations.engineUsage} ->> ${key})::float8)`;
  return db
    .select({
      day,
      tool: generations.tool,
      engine: generations.engine,
      model: generations.engineModel,
      jobs: sql<number>`count(*)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${generations.status} = 'complete')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${generations.status} = 'failed')`.mapWith(Number),
      images: float(sql`sum(${imageTotals.images})`),
      requests: float(sql`coalesce(sum(${predictionTotals.predictions}), 0) + coalesce(${usage("requests")}, 0)`),
      computeSeconds: float(sql`coalesce(sum(${predictionTotals.computeSeconds}), 0) + coalesce(${usage("computeSeconds")}, 0)`),
      inputTokens: float(usage("inputTokens")),
      outputTokens: float(usage("outputTokens")),
    })
    .from(generations)
    .leftJoin(predictionTotals, eq(predictionTotals.generationId, generations.id))
    .leftJoin(imageTotals, eq(imageTotals.generationId, generations.id))
    .where(and(isNotNull(generations.engine), gte(generations.createdAt, since)))
    .groupBy(day, generations.tool, generations.engine, generations.engineModel)
    .orderBy(desc(day), generations.tool, generations.engine);
}

/** Predictions whose job was deleted since (an account or its photos): still paid for. */
export async function orphanedPredictionCostsByDay(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(${enginePredictions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      tool: enginePredictions.tool,
      engine: enginePredictions.engine,
      model: enginePredictions.model,
      requests: sql<number>`count(*)`.mapWith(Number),
      computeSeconds: float(sql`sum(${enginePredictions.computeSeconds})`),
    })
    .from(enginePredictions)
    .where(and(isNull(enginePredictions.generationId), gte(enginePredictions.createdAt, since)))
    .groupBy(day, enginePredictions.tool, enginePredictions.engine, enginePredictions.model)
    .orderBy(desc(day), enginePredictions.tool);
}
