/** One measured figure, printed beside its target and, where there is one, its baseline. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target such as "≤ 180 KB"; `met` says whether the value meets it. */
  target?: { text: string; met: boolean };
  /** A reference measured in the same run (e.g. a bare sharp resize beside the image intake). */
  baseline?: { name: string; value: number };
  /** The issue that names this figure, when it is not the suite's own. */
  issue?: string;
  /** Names the row for the target table (targets.ts), which then sets `target`. */
  key?: string;
}

export interface BenchSuite {
  /** What BENCH_SUITES names it by, e.g. "load". */
  id: string;
  name: string;
  /** The issue whose benchmarks the suite measures, e.g. "#5". */
  issue: string;
  run(): Promise<BenchRow[]>;
}
