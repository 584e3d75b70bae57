// `npm run bench`: runs every benchmark suite and prints one table (also written to bench/results.md).
import { writeFileSync } from "node:fs";
import os from "node:os";
import { benchEnv } from "./lib/bench-env";
import { generationSuite } from "./suites/generation";
import { imagesSuite } from "./suites/images";
import { loadSuite } from "./suites/load";
import { localEngineSuite } from "./suites/local-engine";
import { pagesSuite } from "./suites/pages";
import type { BenchRow, BenchSuite } from "./lib/types";

const suites: BenchSuite[] = [pagesSuite, loadSuite, imagesSuite, generationSuite, localEngineSuite];

function formatRow(suite: BenchSuite, row: BenchRow): string {
  const target = row.target ? `${row.target.text} ${row.target.met ? "✓ met" : "✗ missed"}` : "—";
  const baseline = row.baseline ? `${row.baseline.name}: ${row.baseline.value} ${row.unit}` : "—";
  return `| ${row.issue ?? suite.issue} | ${suite.name} | ${row.name} | ${row.value} ${row.unit} | ${target} | ${baseline} |`;
}

async function main() {
  const lines = ["| Issue | Suite | Measure | Value | Target | Baseline (same run) |", "|---|---|---|---|---|---|"];
  const problems: string[] = [];
  let failedSuites = 0;
  for (const suite of suites) {
    console.log(`Running ${suite.name}...`);
    try {
      for (const row of await suite.run()) {
        lines.push(formatRow(suite, row));
        if (row.target && !row.target.met) problems.push(`Missed: ${suite.name}, ${row.name}: ${row.value} ${row.unit}, target ${row.target.text}.`);
      }
    } catch (error) {
      // The other suites still run; the failure is reported with the table.
      console.error(error);
      failedSuites += 1;
      problems.push(`Failed: ${suite.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const summary = problems.length === 0 ? "Every target met." : problems.join("\n");
  const table = lines.join("\n");
  console.log(`\n${table}\n\n${summary}`);
  const machine = `${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${process.platform}, Node ${process.version}`;
  const header = `# Benchmark results\n\nMeasured ${new Date().toISOString()} on ${machine}; load runs of ${benchEnv.BENCH_DURATION} s.\n\n`;
  writeFileSync("bench/results.md", `${header}${table}\n\n${problems.map((line) => `- ${line}`).join("\n") || summary}\n`);
  // A missed target is a result; a suite that could not measure is a failure of the run.
  if (failedSuites > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
