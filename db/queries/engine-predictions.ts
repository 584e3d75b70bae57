import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, DbOrTx } from "@/db/client";
import { lockHeldJob } from "./generation-jobs";
import { enginePredictions, generations, type GenerationTool, type PredictionStatus } from "@/db/schema";

/**
 * Predictions a parked job waits for at a hosted image service (db/schema/engine-predictions.ts).
 * Not scoped by owner: the worker and the services' signed callbacks use them.
 */

/** The slot one attempt fills: which job, which of its planned requests, which try. */
export interface PredictionSlot {
  generationId: string;
  position: number;
  attempt: number;
}

export interface PredictionIntent extends PredictionSlot {
  tool: GenerationTool;
  engine: string;
  model: string;
  imageCount: number;
}

/**
 * Writes down an attempt before its create call is made (status `submitting`), while the run's
 * claim still holds the job. Returns the row's id, or undefined when the claim was lost (then
 * nothing is written and nothing may be sent). An intent already written for this slot is
 * returned only if it is still pending (a remake asked for), now taken for sending.
 */
export async function recordSubmissionIntent(db: Database, params: { claimToken: string; intent: PredictionIntent }) {
  const { intent } = params;
  return db.transaction(async (tx) => {
    const held = await lockHeldJob(tx, { id: intent.generationId, claimToken: params.claimToken });
    if (!held) return undefined;
    const [inserted] = await tx
      .insert(enginePredictions)
      .values({ ...intent, status: "submitting" })
      .onConflictDoNothing()
      .returning({ id: enginePredictions.id });
    if (inserted) return inserted.id;
    const [taken] = await tx
      .update(enginePredictions)
      .set({ status: "submitting", model: intent.model, imageCount: intent.imageCount, createdAt: sql`now()` })
      .where(and(slotIs(intent), eq(enginePredictions.status, "pending")))
      .returning({ id: enginePredictions.id });
    return taken?.id;
  });
}

function slotIs(slot: PredictionSlot) {
  return and(
    eq(enginePredictions.generationId, slot.generationId),
    eq(enginePredictions.position, slot.position),
    eq(enginePredictions.attempt, slot.attempt),
  );
}

/**
 * The create call answered with the service's id: the attempt is running. Not conditional on the
 * claim: the prediction exists and belongs to this slot whoever runs the job now (a callback may
 * already have adopted it with the same id).
 */
export async function markSubmitted(db: DbOrTx, params: { id: string; externalId: string }): Promise<void> {
  await db
    .update(enginePredictions)
    .set({ externalId: params.externalId, status: "running" })
    .where(and(eq(enginePredictions.id, params.id), eq(enginePredictions.status, "submitting"), isNull(enginePredictions.externalId)));
}

/** The create call failed in a way that may still have made the prediction: the attempt stays in doubt. Returns it while it is. */
export async function markInDoubt(db: DbOrTx, params: { id: string; failure: string; answered: boolean }) {
  const [row] = await db
    .update(enginePredictions)
    .set({ submitFailure: params.failure.slice(0, 2000), submitAnsweredAt: params.answered ? sql`now()` : null })
    .where(and(eq(enginePredictions.id, params.id), eq(enginePredictions.status, "submitting"), isNull(enginePredictions.externalId)))
    .returning();
  return row;
}

/** The service made nothing for this attempt (it said so, or a lookup showed it): the position may try again. */
export async function markNotCreated(db: DbOrTx, params: { id: string; failure?: string }): Promise<boolean> {
  const updated = await db
    .update(enginePredictions)
    .set({ status: "not_created", finishedAt: sql`now()`, ...(params.failure ? { submitFailure: params.failure.slice(0, 2000) } : {}) })
    .where(and(eq(enginePredictions.id, params.id), eq(enginePredictions.status, "submitting"), isNull(enginePredictions.externalId)))
    .returning({ id: enginePredictions.id });
  return updated.length > 0;
}

/**
 * A prediction found for an attempt whose create gave no id (by the service's signed callback,
 * whose URL names the slot, or by a lookup): the attempt is running under that id. Also an
 * attempt already given up as not made: what exists is paid for and must be on record (and is
 * cancelled if a later attempt took its place). Returns the row when this call adopted it.
 */
export async function adoptPrediction(db: DbOrTx, params: PredictionSlot & { engine: string; externalId: string }) {
  const [row] = await db
    .update(enginePredictions)
    .set({ externalId: params.externalId, status: "running", finishedAt: null })
    .where(
      and(
        slotIs(params),
        eq(enginePredictions.engine, params.engine),
        isNull(enginePredictions.externalId),
        inArray(enginePredictions.status, ["submitting", "not_created"]),
      ),
    )
    .returning({ id: enginePredictions.id, generationId: enginePredictions.generationId });
  return row;
}

/**
 * Asks for another attempt at a position (a remake): attempt `afterAttempt + 1`, sent by the
 * job's next run. Idempotent: asking twice after the same attempt records one. True when this
 * call recorded it.
 */
export async function insertPendingAttempt(db: DbOrTx, params: PredictionIntent): Promise<boolean> {
  const inserted = await db
    .insert(enginePredictions)
    .values({ ...params, status: "pending" })
    .onConflictDoNothing()
    .returning({ id: enginePredictions.id });
  return inserted.length > 0;
}

/** The job's attempts, by position, then attempt. */
export async function listJobPredictions(db: DbOrTx, generationId: string) {
  return db
    .select()
    .from(enginePredictions)
    .where(eq(enginePredictions.generationId, generationId))
    .orderBy(asc(enginePredictions.position), asc(enginePredictions.attempt));
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
  status: Extract<PredictionStatus, "succeeded" | "failed" | "canceled">;
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
      outputCount: outcome.outputs?.length ?? null,
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

/** Attempts a parked job waits for: running at the service, or in doubt (a create that gave no id). */
export const openPredictionStatuses = ["running", "submitting"] as const;

function openPredictionsOf(db: DbOrTx, generationId: typeof generations.id) {
  return db
    .select({ id: enginePredictions.id })
    .from(enginePredictions)
    .where(and(eq(enginePredictions.generationId, generationId), inArray(enginePredictions.status, [...openPredictionStatuses])));
}

/**
 * Moves a parked job's next run to now once none of its predictions is running or in doubt any
 * more (the callback of the last one arrived). True when it did; the caller then wakes the workers.
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
        notExists(openPredictionsOf(db, generations.id)),
      ),
    )
    .returning({ id: generations.id });
  return updated.length > 0;
}

/**
 * Predictions still running that nobody will use: their job has ended or is gone, or a later
 * attempt took their place. They must be cancelled at the service.
 */
export async function listPredictionsToCancel(db: DbOrTx, limit: number) {
  const later = alias(enginePredictions, "later_attempt");
  const superseded = db
    .select({ id: later.id })
    .from(later)
    .where(
      and(
        eq(later.generationId, enginePredictions.generationId),
        eq(later.position, enginePredictions.position),
        gt(later.attempt, enginePredictions.attempt),
      ),
    );
  const rows = await db
    .select({ id: enginePredictions.id, engine: enginePredictions.engine, model: enginePredictions.model, externalId: enginePredictions.externalId })
    .from(enginePredictions)
    .leftJoin(generations, eq(generations.id, enginePredictions.generationId))
    .where(
      and(
        eq(enginePredictions.status, "running"),
        isNotNull(enginePredictions.externalId),
        or(isNull(enginePredictions.generationId), inArray(generations.status, ["complete", "failed"]), exists(superseded)),
      ),
    )
    .orderBy(asc(enginePredictions.createdAt))
    .limit(limit);
  return rows.flatMap((row) => (row.externalId ? [{ ...row, externalId: row.externalId }] : []));
}

/**
 * Attempts still in doubt (from the last day) whose job has ended or is gone: a lookup at the
 * service may find them, to cancel them.
 */
export async function listInDoubtOfEndedJobs(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(enginePredictions)
    .leftJoin(generations, eq(generations.id, enginePredictions.generationId))
    .where(
      and(
        eq(enginePredictions.status, "submitting"),
        gt(enginePredictions.createdAt, sql`now() - interval '1 day'`),
        or(isNull(enginePredictions.generationId), inArray(generations.status, ["complete", "failed"])),
      ),
    )
    .orderBy(asc(enginePredictions.createdAt))
    .limit(limit)
    .then((rows) => rows.map((row) => row.engine_predictions));
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
