import type { BenchRow } from "./types";

/**
 * The issues' targets that the suites' rows are judged by, in one table (issue #16). A suite
 * gives a row a `key` (built with the helpers below); the table says what that row must reach.
 * A target whose key ends in `*` applies to every row whose key starts with the rest (first-load
 * JS of every route). A target with no row measured is missing, which fails the run like a
 * missed one: a suite that silently stopped measuring must not read as 'every target met'.
 */

export interface TargetDefinition {
  key: string;
  issue: string;
  bound: "atLeast" | "atMost";
  limit: number;
  /** Compare the row's value divided by its baseline's (the blank Next.js page of the same run). */
  ofBaseline?: boolean;
  /** How the limit reads in the table, e.g. "≥ 0.5× blank", "≤ 150 ms". */
  text: string;
}

export const loadKey = (page: string, measure: "req/s" | "p99" | "errors") => `load ${page} ${measure}`;
export const lighthouseKey = (page: string, measure: "performance" | "LCP" | "TBT" | "CLS") => `lighthouse ${page} ${measure}`;
export const firstLoadJsKey = (route: string) => `first-load JS ${route}`;
export const htmlSizeKey = (page: string) => `HTML ${page}`;

function atLeast(key: string, limit: number, text: string, extra: Partial<TargetDefinition> = {}): TargetDefinition {
  return { key, issue: "#16", bound: "atLeast", limit, text, ...extra };
}
function atMost(key: string, limit: number, text: string, extra: Partial<TargetDefinition> = {}): TargetDefinition {
  return { key, issue: "#16", bound: "atMost", limit, text, ...extra };
}

const signedOutPages = ["/", "/headshot-pro", "/auth"];
const signedInPages = ["/dashboard", "/activity"];
export const lighthousePages = ["/", "/auth", "/headshot-pro", "/dashboard"];
/** The row key of starting a generation through the tools' server action. */
export const createGenerationPage = "createGenerationAction";

export const targets: TargetDefinition[] = [
  ...signedOutPages.flatMap((page) => [
    atLeast(loadKey(page, "req/s"), 0.5, "≥ 0.5× blank", { ofBaseline: true }),
    atMost(loadKey(page, "p99"), 150, "≤ 150 ms"),
    atMost(loadKey(page, "errors"), 0, "0"),
  ]),
  // Read against the blank app's page rendered per request (bench/suites/load.ts), the floor of
  // any page that reads the request, as a signed-in page must.
  ...signedInPages.flatMap((page) => [
    atLeast(loadKey(page, "req/s"), 0.25, "≥ 0.25× blank per request", { ofBaseline: true }),
    atMost(loadKey(page, "p99"), 1000, "≤ 1000 ms"),
    atMost(loadKey(page, "errors"), 0, "0", { issue: "#11" }),
  ]),
  atMost(loadKey("/api/generations/{id}", "errors"), 0, "0", { issue: "#11" }),
  // Half of the 132 KB that `/` sent when issue #16 was filed.
  atMost(htmlSizeKey("/"), 66, "≤ 66 KB"),
  atMost(loadKey(createGenerationPage, "p99"), 1000, "≤ 1000 ms"),
  atMost(loadKey(createGenerationPage, "errors"), 0, "0"),
  ...lighthousePages.flatMap((page) => [
    atLeast(lighthouseKey(page, "performance"), 95, "≥ 95"),
    atMost(lighthouseKey(page, "LCP"), 2500, "≤ 2500 ms"),
    atMost(lighthouseKey(page, "TBT"), 200, "≤ 200 ms"),
    atMost(lighthouseKey(page, "CLS"), 0.05, "≤ 0.05"),
  ]),
  // Before the wildcard: a row takes the first target whose key applies.
  atMost(firstLoadJsKey("/ (issue #2)"), 180, "≤ 180 KB", { issue: "#2" }),
  atMost(firstLoadJsKey("*"), 1.3, "≤ 1.3× blank", { ofBaseline: true }),
];

function appliesTo(target: TargetDefinition, key: string): boolean {
  return target.key.endsWith("*") ? key.startsWith(target.key.slice(0, -1)) : key === target.key;
}

/** The figure a target compares: the value, or its ratio to the baseline (NaN without one). */
export function comparedValue(target: TargetDefinition, row: BenchRow): number {
  if (!target.ofBaseline) return row.value;
  return row.baseline && row.baseline.value > 0 ? row.value / row.baseline.value : Number.NaN;
}

function meets(target: TargetDefinition, value: number): boolean {
  // NaN (no baseline measured) meets nothing.
  return target.bound === "atLeast" ? value >= target.limit : value <= target.limit;
}

export interface TargetJudgement {
  /** The rows, those with a target in the table carrying it (text and whether it was met). */
  rows: BenchRow[];
  /** Targets of the table that no row measured. */
  missing: TargetDefinition[];
}

/** Puts the table's targets on the rows they apply to and lists the targets nobody measured. */
export function judgeTargets(rows: readonly BenchRow[], table: readonly TargetDefinition[] = targets): TargetJudgement {
  const judged = rows.map((row) => {
    const target = row.key === undefined ? undefined : table.find((candidate) => appliesTo(candidate, row.key ?? ""));
    if (!target) return row;
    const value = comparedValue(target, row);
    const ratio = target.ofBaseline && Number.isFinite(value) ? ` (${value.toFixed(2)}×)` : "";
    return { ...row, issue: row.issue ?? target.issue, target: { text: `${target.text}${ratio}`, met: meets(target, value) } };
  });
  const missing = table.filter((target) => !rows.some((row) => row.key !== undefined && appliesTo(target, row.key)));
  return { rows: judged, missing };
}

/** One line per missed target (inline ones of the suites included) and per target never measured. */
export function targetProblems(suiteName: string, rows: readonly BenchRow[], missing: readonly TargetDefinition[]): string[] {
  return [
    ...rows
      .filter((row) => row.target && !row.target.met)
      .map((row) => `Missed: ${suiteName}, ${row.name}: ${row.value} ${row.unit}, target ${row.target?.text}.`),
    ...missing.map((target) => `Missing: ${target.key} (target ${target.text}, issue ${target.issue}) was not measured.`),
  ];
}
