/**
 * `npm run report:costs [-- --days 30]`: per UTC day, tool, engine and model, what was asked of
 * the image services and what they reported using: jobs (completed / failed), images delivered,
 * requests, compute seconds (Replicate, fal) and tokens (Gemini); then predictions whose job was
 * deleted since. Multiply by your plan's prices for money. With PGlite, stop the dev server
 * first (one process per data folder).
 */
import { openDatabase } from "@/db/client";
import { engineCostsByDay, orphanedPredictionCostsByDay } from "@/db/queries/engine-costs";
import { env } from "@/lib/env";

function daysArgument(): number {
  const index = process.argv.indexOf("--days");
  const days = index >= 0 ? Number(process.argv[index + 1]) : 30;
  if (!Number.isInteger(days) || days < 1) throw new Error("--days takes a whole number of days (default 30)");
  return days;
}

function table(rows: Record<string, string | number | null>[]): string {
  if (rows.length === 0) return "  (none)";
  const columns = Object.keys(rows[0] ?? {});
  const cell = (value: string | number | null) => (typeof value === "number" ? String(Math.round(value * 100) / 100) : (value ?? "-"));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column] ?? null).length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index] ?? 0)).join("  ");
  return [line(columns), line(widths.map((width) => "-".repeat(width))), ...rows.map((row) => line(columns.map((column) => cell(row[column] ?? null))))].join("\n");
}

async function main() {
  const days = daysArgument();
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 1 });
  try {
    console.info(`Image services, last ${days} day(s), per UTC day, tool, engine and model:\n`);
    console.info(table(await engineCostsByDay(database.db, since)));
    console.info(`\nPredictions of jobs deleted since:\n`);
    console.info(table(await orphanedPredictionCostsByDay(database.db, since)));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
