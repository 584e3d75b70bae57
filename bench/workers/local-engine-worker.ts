/**
 * The local engine as a job worker runs it (through its process), in a process of its own so
 * the peak RSS is the worker's and its engine's: the time per image of a Headshot shot, Hair
 * Changer, Body Shaper and AI Product at 1024 px (AI Product with a cup on white paper and on a
 * wooden table, enlarged to 1024 px), and AI Product's cut-out alone of the latter (issue 37).
 * Prints one JSON line.
 */
import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { createLocalEngine } from "@/lib/generation/engines/local/local-engine";
import { runInEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import type { EngineJob } from "@/lib/generation/engines/types";
import { median } from "../lib/run-worker";

/** Peak RSS of the engine's process (this one's child running its entry; tsx has one too), from its /proc status. */
function enginePeakRssMb(): number {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const isEngine = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("engine-process-entry");
      if (isEngine) return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error("the local engine's process was not found");
}

async function main() {
  const portrait = readFileSync("public/examples/astronaut-portrait.jpg");
  const fullLength = readFileSync("public/examples/photographer-full-length.jpg");
  const at1024 = (file: string) => sharp(readFileSync(`tests/fixtures/photos/${file}.jpg`)).resize(1024).jpeg({ quality: 90 }).toBuffer();
  const cupOnPaper = await at1024("espresso-cup-white-paper");
  const cupOnTable = await at1024("espresso-cup-wood-table");
  const engine = createLocalEngine();
  const base = { generationId: "bench-local", prompt: "", imageCount: 1, image: { data: portrait, contentType: "image/jpeg" } };
  const jobs: Array<[string, EngineJob]> = [
    ["headshot", { ...base, tool: "headshot_pro", imageCount: 4, input: { gender: "female", ageRange: "36_45", styleIds: [1, 4, 8, 9], packageId: "basic" } }],
    ["hair", { ...base, tool: "hair_changer", input: { gender: "female", style: "redhead", customPrompt: "" } }],
    ["body", { ...base, image: { data: fullLength, contentType: "image/jpeg" }, tool: "body_shaper", input: { gender: "male", style: "vTaper", customPrompt: "" } }],
    ["product", { ...base, image: { data: cupOnPaper, contentType: "image/jpeg" }, tool: "ai_product", input: { prompt: "on a marble countertop with soft morning light", dimension: "square", presentation: "cutout" } }],
    [
      "productBusy",
      { ...base, image: { data: cupOnTable, contentType: "image/jpeg" }, tool: "ai_product", input: { prompt: "on a marble countertop", dimension: "square", presentation: "cutout" } },
    ],
  ];
  const perImage: Record<string, number> = {};
  for (const [name, job] of jobs) {
    const timings: number[] = [];
    for (let run = 0; run < 4; run += 1) {
      const start = performance.now();
      const images = await engine.run(job, { onProgress: () => {}, signal: new AbortController().signal });
      timings.push((performance.now() - start) / images.length);
    }
    // The first run loads the models.
    perImage[name] = median(timings.slice(1));
  }
  const cutouts: number[] = [];
  for (let run = 0; run < 4; run += 1) {
    const start = performance.now();
    await runInEngineProcess({ task: "productCutout", image: cupOnTable });
    cutouts.push(performance.now() - start);
  }
  perImage.productCutout = median(cutouts.slice(1));
  // The sum of both peaks: at least their peak together.
  console.log(JSON.stringify({ perImage, peakRssMb: process.resourceUsage().maxRSS / 1024 + enginePeakRssMb() }));
  process.exit(0);
}

void main();
