import type { EngineJobCostRow } from "@/db/queries/engine-costs";
import { findCashPack, findPlan, findTopUp } from "@/lib/billing/catalog";
import { parsePlanItemId } from "@/lib/billing/checkout-items";
import { costInUsd, type PriceList } from "@/lib/generation/engines/hosted/model-prices";

/**
 * Costs in money (issue 35, decision 26), for `npm run report:costs`: each job's cost at its
 * model's price (what the service made or used: images, seconds, tokens), and beside it what its
 * user paid for it: the credits it kept (its spend less its refund) at the price of a credit in
 * what paid for them (bonus credits: the user's latest top-up by then, or nothing for the free
 * credits; monthly credits: the user's latest plan by then), or a cash pack's price less what was
 * refunded. Money is in US dollars at list prices: EUR payments count at the USD price they
 * were converted from (decision 4). A job on a model without a price counts no cost and is
 * flagged `unpriced`.
 */

export interface CostFigures {
  jobs: number;
  completed: number;
  failed: number;
  images: number;
  requests: number;
  computeSeconds: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  revenueUsd: number;
  marginUsd: number;
  /** Jobs on a model with no price (their cost is missing from costUsd). */
  unpriced: number;
}

export interface JobCost {
  id: string;
  day: string;
  tool: string;
  engine: string;
  model: string | null;
  status: string;
  images: number;
  costUsd: number | null;
  revenueUsd: number;
}

const cents = 100;

/** The price of one credit bought with a top-up ("top_up_200") or a plan ("pro_yearly"), in USD. */
export function creditValueUsd(itemId: string | null): number {
  if (itemId === null) return 0;
  const topUp = /^top_up_(\d+)$/.exec(itemId);
  if (topUp) {
    const pack = findTopUp(Number(topUp[1]));
    return pack ? pack.priceUsd / pack.credits / cents : 0;
  }
  const planItem = parsePlanItemId(itemId);
  const plan = planItem ? findPlan(planItem.planId) : undefined;
  return plan && planItem ? plan.pricePerMonthUsd[planItem.billingCycle] / plan.creditsPerMonth / cents : 0;
}

/** What the job's user paid for it, in USD. */
export function jobRevenueUsd(row: EngineJobCostRow): number {
  const credits = row.bonusCredits * creditValueUsd(row.topUpItem) + row.monthlyCredits * creditValueUsd(row.planItem);
  const pack = row.cashPackItem ? findCashPack(row.cashPackItem) : undefined;
  const kept = row.cashPackAmountMinor ? 1 - (row.cashPackRefundedMinor ?? 0) / row.cashPackAmountMinor : 0;
  return credits + (pack ? (pack.priceUsd / cents) * kept : 0);
}

export function jobCost(row: EngineJobCostRow, prices: PriceList): JobCost {
  const price = prices(row.engine, row.model);
  return {
    id: row.id,
    day: row.day,
    tool: row.tool,
    engine: row.engine,
    model: row.model,
    status: row.status,
    images: row.images,
    costUsd: price ? costInUsd(price, row) : null,
    revenueUsd: jobRevenueUsd(row),
  };
}

function emptyFigures(): CostFigures {
  return { jobs: 0, completed: 0, failed: 0, images: 0, requests: 0, computeSeconds: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, revenueUsd: 0, marginUsd: 0, unpriced: 0 };
}

/** The jobs summed per group (its key's fields first, then the figures), in the rows' order. */
export function sumJobs<Key extends Record<string, string | null>>(
  rows: readonly EngineJobCostRow[],
  prices: PriceList,
  keyOf: (row: EngineJobCostRow) => Key,
): (Key & CostFigures)[] {
  const groups = new Map<string, Key & CostFigures>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { ...key, ...emptyFigures() };
    const { costUsd, revenueUsd } = jobCost(row, prices);
    group.jobs += 1;
    group.completed += row.status === "complete" ? 1 : 0;
    group.failed += row.status === "failed" ? 1 : 0;
    group.images += row.images;
    group.requests += row.requests;
    group.computeSeconds += row.computeSeconds;
    group.inputTokens += row.inputTokens;
    group.outputTokens += row.outputTokens;
    group.costUsd += costUsd ?? 0;
    group.unpriced += costUsd === null ? 1 : 0;
    group.revenueUsd += revenueUsd;
    group.marginUsd = group.revenueUsd - group.costUsd;
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** A row of the report: its columns' values. */
export type ReportRow<Row> = { [Column in keyof Row]: string | number | null };

/** Rows as CSV (RFC 4180): a header line, then one line per row; money keeps four decimals. */
export function toCsv<Row extends ReportRow<Row>>(rows: readonly Row[]): string {
  const first = rows[0];
  const columns = first ? (Object.keys(first) as (keyof Row)[]) : [];
  const cell = (value: string | number | null | undefined) => {
    if (value === null || value === undefined) return "";
    const text = typeof value === "number" ? String(Math.round(value * 10_000) / 10_000) : value;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.map(String).join(","), ...rows.map((row) => columns.map((column) => cell(row[column])).join(","))].join("\n");
}
