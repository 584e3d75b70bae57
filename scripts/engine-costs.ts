/**
 * `npm run report:costs [-- --days 30] [-- --csv] [-- --by day|tool|job]`: what the image
 * services cost in money and what the users paid for it (lib/reports/engine-costs.ts). Text:
 * per UTC day, tool, engine and model (jobs, outcome, images, requests, compute seconds, tokens,
 * cost, revenue, margin), then per tool, then predictions whose job was deleted since. With
 * --csv, one of those tables as CSV on stdout (--by: day, the default; tool; or job, one line per
 * job). Prices: MODEL_PRICES over the defaults of lib/generation/engines/hosted/default-models.ts.
 * Last, the likeness guard's checks (decision 24): images checked, made again, not delivered,
 * by reason, and the scores of the delivered ones. With PGlite, stop the dev server first (one
 * process per data folder).
 */
import { openDatabase } from "@/db/client";
import { engineJobsForCosts, orphanedPredictionsForCosts, type EngineJobCostRow } from "@/db/queries/engine-costs";
import { likenessChecksByDay } from "@/db/queries/likeness-checks";
import { env } from "@/lib/env";
import { costInUsd, priceList } from "@/lib/generation/engines/hosted/model-prices";
import { jobCost, sumJobs, toCsv, type ReportRow } from "@/lib/reports/engine-costs";

const groupings = ["day", "tool", "job"] as const;
type Grouping = (typeof groupings)[number];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function daysArgument(): number {
  const days = Number(argument("--days") ?? 30);
  if (!Number.isInteger(days) || days < 1) throw new Error("--days takes a whole number of days (default 30)");
  return days;
}

function groupingArgument(): Grouping {
  const value = argument("--by") ?? "day";
  const grouping = groupings.find((candidate) => candidate === value);
  if (!grouping) throw new Error("--by takes day, tool or job");
  return grouping;
}

function table<Row extends ReportRow<Row>>(rows: readonly Row[]): string {
  const first = rows[0];
  if (!first) return "  (none)";
  const columns = Object.keys(first) as (keyof Row)[];
  const cell = (value: string | number | null) => (typeof value === "number" ? String(Math.round(value * 10_000) / 10_000) : (value ?? "-"));
  const widths = columns.map((column) => Math.max(String(column).length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index] ?? 0)).join("  ");
  return [line(columns.map(String)), line(widths.map((width) => "-".repeat(width))), ...rows.map((row) => line(columns.map((column) => cell(row[column]))))].join("\n");
}

/** One of the report's tables, as text or CSV. */
function render(grouping: Grouping, rows: readonly EngineJobCostRow[], prices: ReturnType<typeof priceList>, format: (rows: readonly ReportRow<object>[]) => string) {
  if (grouping === "job") return format(rows.map((row) => jobCost(row, prices)));
  if (grouping === "tool") return format(sumJobs(rows, prices, (row) => ({ tool: row.tool })));
  return format(sumJobs(rows, prices, (row) => ({ day: row.day, tool: row.tool, engine: row.engine, model: row.model })));
}

async function main() {
  const days = daysArgument();
  const grouping = groupingArgument();
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const prices = priceList(env.MODEL_PRICES);
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    const jobs = await engineJobsForCosts(database.db, since);
    if (process.argv.includes("--csv")) {
      console.info(render(grouping, jobs, prices, toCsv));
      return;
    }
    console.info(`Image services, last ${days} day(s), in USD (cost at model prices; revenue: credits kept at what paid for them):\n`);
    console.info("Per UTC day, tool, engine and model:\n");
    console.info(render("day", jobs, prices, table));
    console.info("\nPer tool:\n");
    console.info(render("tool", jobs, prices, table));
    console.info("\nPredictions of jobs deleted since (still paid for):\n");
    const orphans = await orphanedPredictionsForCosts(database.db, since);
    console.info(
      table(
        orphans.map((orphan) => {
          const price = prices(orphan.engine, orphan.model);
          return { ...orphan, costUsd: price ? costInUsd(price, { ...orphan, inputTokens: 0, outputTokens: 0 }) : null };
        }),
      ),
    );
    console.info(`\nLikeness guard, per UTC day, tool and engine (scores: similarity to the user's photo, 0..1):\n`);
    console.info(table(await likenessChecksByDay(database.db, since)));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
