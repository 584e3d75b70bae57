import { existsSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { MAX_IMAGE_BYTES } from "../../lib/images/limits";
import { benchEnv } from "../lib/bench-env";
import { median, startWorker } from "../lib/run-worker";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * Image intake and downloads (issue #5), each measured in child processes:
 * - server normalisation of a 20 MB 6000×4000 JPEG beside a bare sharp resize of the same file
 *   (target: within 1.3× of it, peak RSS under 400 MB);
 * - Download All of 100 stored images streamed as a zip over loopback HTTP (target: first byte
 *   under 300 ms, RSS growth under 64 MB, i.e. memory does not grow with the zip).
 */
const rounds = benchEnv.BENCH_IMAGE_ROUNDS;
const pairsPerRound = 7;
const zipImageCount = 100;
const zipImageSizeMb = 1;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Gaussian noise barely compresses, so quality alone brings the file just under 20 MB. */
async function largeJpeg(): Promise<string> {
  const file = path.join(os.tmpdir(), "bench-6000x4000-20mb.jpg");
  if (existsSync(file)) return file;
  for (let quality = 95; quality >= 85; quality -= 1) {
    const data = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .jpeg({ quality })
      .toBuffer();
    if (data.byteLength <= MAX_IMAGE_BYTES) {
      writeFileSync(`${file}.tmp`, data);
      renameSync(`${file}.tmp`, file);
      return file;
    }
  }
  throw new Error("Could not make a 6000×4000 JPEG under 20 MB");
}

async function workerReport(args: string[]): Promise<unknown> {
  const worker = startWorker("normalize-image-worker.ts", args);
  try {
    return await worker.nextMessage();
  } finally {
    await worker.stop();
  }
}

async function normalisationRows(): Promise<BenchRow[]> {
  const file = await largeJpeg();
  const resizeTimes: number[] = [];
  const normalizeTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const report = await workerReport(["time", file, String(pairsPerRound)]);
    resizeTimes.push(numberField(report, "resizeMs"));
    normalizeTimes.push(numberField(report, "normalizeMs"));
  }
  const resizeRss = round1(numberField(await workerReport(["memory", "resize", file]), "peakRssMb"));
  const normalizeRss = round1(numberField(await workerReport(["memory", "normalize", file]), "peakRssMb"));
  const resizeMs = round1(median(resizeTimes));
  const normalizeMs = round1(median(normalizeTimes));
  const ratio = normalizeMs / resizeMs;
  return [
    { name: "20 MB 6000×4000 JPEG: bare sharp resize to 1024", value: resizeMs, unit: "ms" },
    {
      name: `20 MB 6000×4000 JPEG: normalizeImage (${Math.round(ratio * 100) / 100}× resize)`,
      value: normalizeMs,
      unit: "ms",
      target: { text: `≤ 1.3× resize (${round1(resizeMs * 1.3)} ms)`, met: ratio <= 1.3 },
      baseline: { name: "bare resize", value: resizeMs },
    },
    {
      name: "20 MB JPEG: normalizeImage peak RSS",
      value: normalizeRss,
      unit: "MB",
      target: { text: "< 400 MB", met: normalizeRss < 400 },
      baseline: { name: "bare resize", value: resizeRss },
    },
  ];
}

function numberField(value: unknown, field: string): number {
  if (typeof value === "object" && value !== null && field in value) {
    const found: unknown = Reflect.get(value, field);
    if (typeof found === "number") return found;
  }
  throw new Error(`Worker report has no number ${field}: ${JSON.stringify(value)}`);
}

async function zipRows(): Promise<BenchRow[]> {
  const worker = startWorker("zip-server-worker.ts", [String(zipImageCount), String(zipImageSizeMb)]);
  try {
    const port = numberField(await worker.nextMessage(), "port");
    // The first fetch of a process loads its HTTP client; that is not the server's time.
    await (await fetch(`http://127.0.0.1:${port}/warm-up`)).arrayBuffer();
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/zip`);
    const reader = response.body?.getReader();
    if (!reader) throw new Error("No response body");
    let firstByteMs = 0;
    let bytes = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
    }
    const totalMs = performance.now() - started;
    const memory = await worker.nextMessage();
    const growthMb = round1(numberField(memory, "rssPeakMb") - numberField(memory, "rssBeforeMb"));
    const label = `Download All: ${zipImageCount} × ${zipImageSizeMb} MB images`;
    return [
      {
        name: `${label}, time to first byte`,
        value: round1(firstByteMs),
        unit: "ms",
        target: { text: "< 300 ms", met: firstByteMs < 300 },
      },
      {
        name: `${label}, server RSS growth`,
        value: growthMb,
        unit: "MB",
        target: { text: "< 64 MB", met: growthMb < 64 },
      },
      { name: `${label}, whole zip (${round1(bytes / 1024 / 1024)} MB)`, value: Math.round(totalMs), unit: "ms" },
    ];
  } finally {
    await worker.stop();
  }
}

export const imagesSuite: BenchSuite = {
  id: "images",
  name: "Images",
  issue: "#5",
  async run() {
    return [...(await normalisationRows()), ...(await zipRows())];
  },
};
