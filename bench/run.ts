// `npm run bench`: runs every benchmark suite and prints one table (also written to bench/results.md).
// The run exits non-zero when a target is missed or was not measured (bench/lib/targets.ts).
import { writeFileSync } from "node:fs";
import os from "node:os";
import { benchEnv } from "./lib/bench-env";
import { judgeTargets, targetProblems } from "./lib/targets";
import { generationSuite } from "./suites/generation";
import { imagesSuite } from "./suites/images";
import { lighthouseSuite } from "./suites/lighthouse";
import { loadSuite } from "./suites/load";
import { localEngineSuite } from "./suites/local-engine";
import { pagesSuite } from "./suites/pages";
import type { BenchRow, BenchSuite } from "./lib/types";

const allSuites: BenchSuite[] = [pagesSuite, loadSuite, lighthouseSuite, imagesSuite, generationSuite, localEngineSuite];

/** BENCH_SUITES=load,pages runs only those (the targets of the others then count as missing). */
function chosenSuites(): BenchSuite[] {
  if (!benchEnv.BENCH_SUITES) return allSuites;
  const ids = benchEnv.BENCH_SUITES.split(",").map((id) => id.trim());
  const unknown = ids.filter((id) => !allSuites.some((suite) => suite.id === id));
  if (unknown.length > 0) throw new Error(`Unknown BENCH_SUITES ${unknown.join(", ")}; known: ${allSuites.map((suite) => suite.id).join(", ")}`);
  return allSuites.filter((suite) => ids.includes(suite.id));
}

function formatRow(suite: BenchSuite, row: BenchRow): string {
  const target = row.target ? `${row.target.text} ${row.target.met ? "✓ met" : "✗ missed"}` : "—";
  const baseline = row.baseline ? `${row.baseline.name}: ${row.baseline.value} ${row.unit}` : "—";
  return `| ${row.issue ?? suite.issue} | ${suite.name} | ${row.name} | ${row.value} ${row.unit} | ${target} | ${baseline} |`;
}

async function main() {
  const lines = ["| Issue | Suite | Measure | Value | Target | Baseline (same run) |", "|---|---|---|---|---|---|"];
  const problems: string[] = [];
  const measured: BenchRow[] = [];
  for (const suite of chosenSuites()) {
    console.log(`Running ${suite.name}...`);
    try {
      const { rows } = judgeTargets(await suite.run());
      measured.push(...rows);
      for (const row of rows) lines.push(formatRow(suite, row));
      problems.push(...targetProblems(suite.name, rows, []));
    } catch (error) {
      // The other suites still run; the failure is reported with the table.
      console.error(error);
      problems.push(`Failed: ${suite.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  problems.push(...targetProblems("", [], judgeTargets(measured).missing));
  const summary = problems.length === 0 ? "Every target met." : `${problems.length} target(s) missed, not measured or failed:\n${problems.map((line) => `- ${line}`).join("\n")}`;
  const table = lines.join("\n");
  console.log(`\n${table}\n\n${summary}`);
  const machine = `${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 1024 ** 3)} GB, ${process.platform}, Node ${process.version}`;
  const header = `# Benchmark results\n\nMeasured ${new Date().toISOString()} on ${machine}; load runs of ${benchEnv.BENCH_DURATION} s.\n\n`;
  writeFileSync("bench/results.md", `${header}${table}\n\n${summary}\n`);
  if (problems.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
