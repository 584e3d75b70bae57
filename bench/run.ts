// `npm run bench`: runs every benchmark suite and prints one table (also written to bench/results.md).
import { writeFileSync } from "node:fs";
import { generationSuite } from "./suites/generation";
import { imagesSuite } from "./suites/images";
import { pagesSuite } from "./suites/pages";
import type { BenchRow, BenchSuite } from "./lib/types";

const suites: BenchSuite[] = [pagesSuite, imagesSuite, generationSuite];

function formatRow(suite: string, row: BenchRow): string {
  const target = row.target ? `${row.target.text} ${row.target.met ? "✓" : "✗ missed"}` : "—";
  const baseline = row.baseline ? `${row.baseline.name}: ${row.baseline.value} ${row.unit}` : "—";
  return `| ${suite} | ${row.name} | ${row.value} ${row.unit} | ${target} | ${baseline} |`;
}

async function main() {
  const lines = ["| Suite | Measure | Value | Target | Baseline |", "|---|---|---|---|---|"];
  let missed = 0;
  for (const suite of suites) {
    for (const row of await suite.run()) {
      lines.push(formatRow(suite.name, row));
      if (row.target && !row.target.met) missed += 1;
    }
  }
  const table = lines.join("\n");
  console.log(table);
  const header = `# Benchmark results\n\nMeasured ${new Date().toISOString()} on ${process.platform}.\n\n`;
  writeFileSync("bench/results.md", `${header}${table}\n`);
  console.log(missed === 0 ? "\nEvery target met." : `\n${missed} target(s) missed.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
