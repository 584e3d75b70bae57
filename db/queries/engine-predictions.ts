import { and, asc, eq, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "@/db/client";
import { lockHeldJob } from "./generation-jobs";
import { enginePredictions, generations, type GenerationTool, type PredictionStatus } from "@/db/schema";

/**
 * Predictions a parked job waits for at a hosted image service (db/schema/engine-predictions.ts).
 * Not scoped by owner: the worker and the services' signed callbacks use them.
 */

export interface NewPrediction {
  generationId: string | null;
  tool: GenerationTool;
  engine: string;
  model: string;
  externalId: string;
  position: number;
  imageCount: number;
}

export async function insertPrediction(db: DbOrTx, prediction: NewPrediction): Promise<void> {
  await db.insert(enginePredictions).values(prediction).onConflictDoNothing();
}

/** The job's predictions in their order. */
export async function listJobPredictions(db: DbOrTx, generationId: string) {
  return db
    .select()
    .from(enginePredictions)
    .where(eq(enginePredictions.generationId, generationId))
    .orderBy(asc(enginePredictions.position), asc(enginePredictions.createdAt));
}

export async function findPrediction(db: DbOrTx, engine: string, externalId: string) {
  const [row] = await db
    .select({ id: enginePredictions.id, generationId: enginePredictions.generationId, status: enginePredictions.status })
    .from(enginePredictions)
    .where(and(eq(enginePredictions.engine, engine), eq(enginePredictions.externalId, externalId)))
    .limit(1);
  return row;
}

export interface PredictionOutcome {
  status: Exclude<PredictionStatus, "running">;
  outputs?: string[];
  error?: string;
  refused?: boolean;
  computeSeconds?: number;
}

/**
 * Records how a prediction ended, once: only a row still running changes, so a repeated callback
 * (or a callback and a poll at the same moment) is applied a single time. Returns the job it
 * belongs to when this call applied it.
 */
export async function finishPrediction(
  db: DbOrTx,
  params: { engine: string; externalId: string; outcome: PredictionOutcome; viaCallback: boolean },
): Promise<{ generationId: string | null } | undefined> {
  const { outcome } = params;
  const [row] = await db
    .update(enginePredictions)
    .set({
      status: outcome.status,
      outputs: outcome.outputs ?? null,
      error: outcome.error?.slice(0, 2000) ?? null,
      refused: outcome.refused ?? false,
      computeSeconds: outcome.computeSeconds ?? null,
      finishedAt: sql`now()`,
      ...(params.viaCallback ? { callbackAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(enginePredictions.engine, params.engine),
        eq(enginePredictions.externalId, params.externalId),
        eq(enginePredictions.status, "running"),
      ),
    )
    .returning({ generationId: enginePredictions.generationId });
  return row;
}

function runningPredictionsOf(db: DbOrTx, generationId: typeof generations.id) {
  return db
    .select({ id: enginePredictions.id })
    .from(enginePredictions)
    .where(and(eq(enginePredictions.generationId, generationId), eq(enginePredictions.status, "running")));
}

/**
 * Moves a parked job's next run to now once none of its predictions is running any more (the
 * callback of the last one arrived). True when it did; the caller then wakes the workers.
 */
export async function resumeParkedJob(db: DbOrTx, generationId: string): Promise<boolean> {
  const updated = await db
    .update(generations)
    .set({ runAfter: sql`now()` })
    .where(
      and(
        eq(generations.id, generationId),
        eq(generations.status, "pending"),
        isNotNull(generations.runAfter),
        sql`${generations.runAfter} > now()`,
        notExists(runningPredictionsOf(db, generations.id)),
      ),
    )
    .returning({ id: generations.id });
  return updated.length > 0;
}

/** Predictions still running whose job has ended or is gone: they must be cancelled at the service. */
export async function listPredictionsToCancel(db: DbOrTx, limit: number) {
  return db
    .select({ id: enginePredictions.id, engine: enginePredictions.engine, model: enginePredictions.model, externalId: enginePredictions.externalId })
    .from(enginePredictions)
    .leftJoin(generations, eq(generations.id, enginePredictions.generationId))
    .where(
      and(
        eq(enginePredictions.status, "running"),
        or(isNull(enginePredictions.generationId), inArray(generations.status, ["complete", "failed"])),
      ),
    )
    .orderBy(asc(enginePredictions.createdAt))
    .limit(limit);
}

export async function markPredictionCanceled(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(enginePredictions)
    .set({ status: "canceled", finishedAt: sql`now()` })
    .where(and(eq(enginePredictions.id, id), eq(enginePredictions.status, "running")));
}

/**
 * Forgets the result URLs (the service's copies of the user's images) of predictions whose job
 * has ended or is gone; the rows stay as the record of what was run and what it cost.
 */
export async function clearEndedPredictionOutputs(db: DbOrTx): Promise<number> {
  const ended = db
    .select({ id: generations.id })
    .from(generations)
    .where(inArray(generations.status, ["complete", "failed"]));
  const cleared = await db
    .update(enginePredictions)
    .set({ outputs: null })
    .where(
      and(
        isNotNull(enginePredictions.outputs),
        or(isNull(enginePredictions.generationId), inArray(enginePredictions.generationId, ended)),
      ),
    )
    .returning({ id: enginePredictions.id });
  return cleared.length;
}

/**
 * Records a prediction a run just started. It belongs to the job only while the run's claim
 * still holds it; otherwise it is recorded without a job, so it is cancelled at the service
 * rather than mixed into another run's results. True when it was recorded for the job.
 */
export async function recordStartedPrediction(
  db: Database,
  params: { claimToken: string; prediction: NewPrediction & { generationId: string } },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await lockHeldJob(tx, { id: params.prediction.generationId, claimToken: params.claimToken });
    await insertPrediction(tx, { ...params.prediction, generationId: held ? params.prediction.generationId : null });
    return held !== undefined;
  });
}
