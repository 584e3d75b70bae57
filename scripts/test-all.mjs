// `npm test`: every check the project has, in order, each printing its own summary, then one
// closing line counting the tests. A run that executes no test fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = { vitest: "test-reports/vitest.json", e2e: "test-reports/e2e.json" };
mkdirSync("test-reports", { recursive: true });
for (const file of Object.values(reports)) rmSync(file, { force: true });

const steps = [
  ["lint", ["npx", "eslint", "--max-warnings", "0", "."]],
  ["typecheck", ["npx", "tsc", "--noEmit"]],
  ["i18n", ["npx", "tsx", "scripts/i18n-check.ts"]],
  ["unit+integration", ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports.vitest}`]],
  ["e2e", ["node", "scripts/e2e.mjs"]],
];

const failedSteps = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  console.log(`=== ${name}: ${status === 0 ? "ok" : `failed (exit ${status})`}`);
  if (status !== 0) failedSteps.push(name);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}
const vitest = readJson(reports.vitest);
const e2e = readJson(reports.e2e);
const passed = (vitest?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);

if (!vitest || vitest.numTotalTests === 0) failedSteps.push("no unit or integration test ran");
if (!e2e || e2e.stats.expected + e2e.stats.unexpected + e2e.stats.flaky === 0) failedSteps.push("no e2e test ran");

/** The names of the failed tests, so the last lines of a long log say what broke. */
function failedTestNames() {
  const fromVitest = (vitest?.testResults ?? []).flatMap((file) =>
    file.assertionResults.filter((test) => test.status === "failed").map((test) => `${file.name}: ${test.fullName}`),
  );
  const fromE2e = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) if (test.status === "unexpected") fromE2e.push(`${spec.file}: ${spec.title}`);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of e2e?.suites ?? []) visit(suite);
  return [...fromVitest, ...fromE2e];
}

console.log("");
for (const name of failedTestNames()) console.log(`✗ ${name}`);
if (failedSteps.length > 0) console.log(`Failed: ${[...new Set(failedSteps)].join(", ")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
