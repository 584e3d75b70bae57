import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { creditLedger, enginePredictions, generationImages, generations, purchases } from "@/db/schema";

/**
 * What the image services were asked for and reported using, and what paid for it, per job (npm
 * run report:costs; priced and summed in lib/generation/cost-report.ts): the job's engine,
 * model and outcome, images delivered, predictions made at the service (images they made,
 * compute time: Replicate's predict_time, fal's inference_time), tokens (Gemini); the credits
 * it kept (its spend less its refund, split into bonus and monthly credits as the ledger
 * records them) with the top-up and the plan the user had last paid for by then; or the cash
 * pack that paid for it. Across owners: an operator's report, not a user's page.
 */

const float = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)::float8`.mapWith(Number);

/** The item of the user's latest paid purchase of a kind made by the job's creation. */
function latestPaidItem(kind: "top_up" | "subscription") {
  return sql<string | null>`(
    select ${purchases.itemId} from ${purchases}
    where ${purchases.userId} = ${generations.userId} and ${purchases.kind} = ${kind}
      and ${purchases.status} in ('paid', 'refunded') and ${purchases.createdAt} <= ${generations.createdAt}
    order by ${purchases.createdAt} desc limit 1
  )`;
}

export async function engineJobsForCosts(db: DbOrTx, since: Date) {
  const predictionTotals = db
    .select({
      generationId: enginePredictions.generationId,
      requests: sql<number>`count(*)`.as("requests"),
      imagesMade: sql<number>`sum(${enginePredictions.outputCount}) filter (where ${enginePredictions.status} = 'succeeded')`.as("images_made"),
      computeSeconds: sql<number>`sum(${enginePredictions.computeSeconds})`.as("prediction_compute_seconds"),
    })
    .from(enginePredictions)
    .where(isNotNull(enginePredictions.externalId))
    .groupBy(enginePredictions.generationId)
    .as("prediction_totals");
  const imageTotals = db
    .select({ generationId: generationImages.generationId, images: sql<number>`count(*)`.as("images") })
    .from(generationImages)
    .groupBy(generationImages.generationId)
    .as("image_totals");
  const creditTotals = db
    .select({
      generationId: creditLedger.generationId,
      bonusCredits: sql<number>`-sum(${creditLedger.bonusDelta})`.as("bonus_credits"),
      monthlyCredits: sql<number>`-sum(${creditLedger.monthlyDelta})`.as("monthly_credits"),
    })
    .from(creditLedger)
    .where(inArray(creditLedger.kind, ["spend", "refund"]))
    .groupBy(creditLedger.generationId)
    .as("credit_totals");
  const usage = (key: string) => sql`(${generations.engineUsage} ->> ${key})::float8`;
  return db
    .select({
      id: generations.id,
      day: sql<string>`to_char(${generations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      tool: generations.tool,
      engine: sql<string>`${generations.engine}`,
      model: generations.engineModel,
      status: generations.status,
      images: float(sql`${imageTotals.images}`),
      requests: float(sql`coalesce(${predictionTotals.requests}, 0) + coalesce(${usage("requests")}, 0)`),
      imagesMade: float(sql`${predictionTotals.imagesMade}`),
      computeSeconds: float(sql`coalesce(${predictionTotals.computeSeconds}, 0) + coalesce(${usage("computeSeconds")}, 0)`),
      inputTokens: float(usage("inputTokens")),
      outputTokens: float(usage("outputTokens")),
      bonusCredits: float(sql`${creditTotals.bonusCredits}`),
      monthlyCredits: float(sql`${creditTotals.monthlyCredits}`),
      topUpItem: latestPaidItem("top_up"),
      planItem: latestPaidItem("subscription"),
      cashPackItem: purchases.itemId,
      cashPackAmountMinor: purchases.amountMinor,
      cashPackRefundedMinor: purchases.refundedMinor,
    })
    .from(generations)
    .leftJoin(predictionTotals, eq(predictionTotals.generationId, generations.id))
    .leftJoin(imageTotals, eq(imageTotals.generationId, generations.id))
    .leftJoin(creditTotals, eq(creditTotals.generationId, generations.id))
    .leftJoin(
      purchases,
      and(eq(purchases.generationId, generations.id), eq(purchases.kind, "cash_pack"), inArray(purchases.status, ["paid", "refunded"])),
    )
    .where(and(isNotNull(generations.engine), gte(generations.createdAt, since)))
    .orderBy(desc(generations.createdAt));
}

export type EngineJobCostRow = Awaited<ReturnType<typeof engineJobsForCosts>>[number];

/** Predictions whose job was deleted since (an account or its photos): still paid for. */
export async function orphanedPredictionsForCosts(db: DbOrTx, since: Date) {
  return db
    .select({
      day: sql<string>`to_char(${enginePredictions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      tool: enginePredictions.tool,
      engine: enginePredictions.engine,
      model: enginePredictions.model,
      status: enginePredictions.status,
      imagesMade: float(sql`${enginePredictions.outputCount}`),
      computeSeconds: float(sql`${enginePredictions.computeSeconds}`),
    })
    .from(enginePredictions)
    .where(and(isNull(enginePredictions.generationId), isNotNull(enginePredictions.externalId), gte(enginePredictions.createdAt, since)))
    .orderBy(desc(enginePredictions.createdAt));
}
