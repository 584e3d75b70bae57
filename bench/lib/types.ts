/** One measured figure, printed beside its target and, where there is one, its baseline. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target such as "≤ 180 KB"; `met` says whether the value meets it. */
  target?: { text: string; met: boolean };
  baseline?: { name: string; value: number };
}

export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]>;
}
