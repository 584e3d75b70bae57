import { describe, expect, it } from "vitest";
import { firstLoadJsKey, htmlSizeKey, judgeTargets, loadKey, targetProblems, targets, type TargetDefinition } from "@/bench/lib/targets";
import type { BenchRow } from "@/bench/lib/types";

const table: TargetDefinition[] = [
  { key: loadKey("/", "req/s"), issue: "#16", bound: "atLeast", limit: 0.5, ofBaseline: true, text: "≥ 0.5× blank" },
  { key: loadKey("/", "p99"), issue: "#16", bound: "atMost", limit: 150, text: "≤ 150 ms" },
  { key: firstLoadJsKey("*"), issue: "#16", bound: "atMost", limit: 1.3, ofBaseline: true, text: "≤ 1.3× blank" },
];

const blank = { name: "blank Next.js page", value: 2000 };
const row = (key: string, value: number, baseline?: BenchRow["baseline"]): BenchRow => ({ key, name: key, value, unit: "x", baseline });

describe("bench targets (issue #16)", () => {
  it("passes rows that reach their targets, judging ratios against the same run's blank page", () => {
    const { rows, missing } = judgeTargets(
      [row(loadKey("/", "req/s"), 1000, blank), row(loadKey("/", "p99"), 150), row(firstLoadJsKey("/"), 130, { name: "blank", value: 100 })],
      table,
    );
    expect(missing).toEqual([]);
    expect(rows.map((judged) => judged.target?.met)).toEqual([true, true, true]);
    expect(rows[0]?.target?.text).toBe("≥ 0.5× blank (0.50×)");
    expect(targetProblems("Load", rows, missing)).toEqual([]);
  });

  it("fails rows that miss, and a ratio without a baseline", () => {
    const { rows, missing } = judgeTargets(
      [
        row(loadKey("/", "req/s"), 999, blank),
        row(loadKey("/", "p99"), 151),
        row(firstLoadJsKey("/"), 131, { name: "blank", value: 100 }),
        row(firstLoadJsKey("/auth"), 10),
      ],
      table,
    );
    expect(missing).toEqual([]);
    expect(rows.map((judged) => judged.target?.met)).toEqual([false, false, false, false]);
    const problems = targetProblems("Load", rows, missing);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(`Missed: Load, ${loadKey("/", "req/s")}: 999 x, target ≥ 0.5× blank (0.50×).`);
  });

  it("reports a target that no row measured as missing, and leaves rows without a target alone", () => {
    const unrelated = row("something else", 5);
    const { rows, missing } = judgeTargets([row(loadKey("/", "p99"), 10), unrelated], table);
    expect(missing.map((target) => target.key)).toEqual([loadKey("/", "req/s"), firstLoadJsKey("*")]);
    expect(rows[1]).toEqual(unrelated);
    expect(targetProblems("Load", rows, missing)).toEqual([
      `Missing: ${loadKey("/", "req/s")} (target ≥ 0.5× blank, issue #16) was not measured.`,
      `Missing: ${firstLoadJsKey("*")} (target ≤ 1.3× blank, issue #16) was not measured.`,
    ]);
  });

  it("holds the issue's figures", () => {
    const limit = (key: string) => targets.find((target) => target.key === key)?.limit;
    expect(limit(loadKey("/headshot-pro", "req/s"))).toBe(0.5);
    expect(limit(loadKey("/auth", "p99"))).toBe(150);
    expect(limit(loadKey("/activity", "req/s"))).toBe(0.25);
    expect(limit(loadKey("/dashboard", "p99"))).toBe(1000);
    expect(limit(loadKey("createGenerationAction", "p99"))).toBe(1000);
    expect(limit(firstLoadJsKey("*"))).toBe(1.3);
    expect(limit(htmlSizeKey("/"))).toBe(66);
  });
});
