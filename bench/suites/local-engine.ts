import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { generations, profiles, users } from "@/db/schema";
import { insertGeneration } from "@/db/queries/generations";
import { ensureProfile } from "@/lib/credits/ledger";
import { storeUploadedImage } from "@/lib/images/store-image";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startWorker } from "../lib/run-worker";
import { ensureBuild, startServer } from "../lib/server";
import { createThrowawayDatabase } from "../lib/throwaway-database";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * The local engine (issue 20), on NASA's portrait at 1024 px (the products on a cup's photos): the cold model load, face +
 * segmentation warm, the likeness guard's check of one image and the photo check of one photo (issue 36), each tool's time per image beside the same run's bare sharp resize, AI
 * Product's cut-out and whole shot of a cup on a wooden table (issue 37), the worker's peak RSS, and whether a production server stays responsive (/api/health p99) while
 * its own worker runs two local-engine jobs.
 */

const round = (value: number) => Math.round(value);
const under = (value: number, limit: number, unit: string) => ({ text: `≤ ${limit} ${unit}`, met: value <= limit });

interface VisionFigures {
  loadMs: number;
  visionMs: number;
  likenessMs: number;
  photoCheckMs: number;
  resizeMs: number;
}
interface EngineFigures {
  perImage: Record<string, number>;
  peakRssMb: number;
}

async function fromWorker<T>(script: string): Promise<T> {
  const worker = startWorker(script);
  try {
    return (await worker.nextMessage()) as T;
  } finally {
    await worker.stop();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** /api/health latencies while the server's worker makes two Headshot jobs of four shots. */
async function healthUnderLoad(): Promise<number[]> {
  ensureBuild();
  const database = await createThrowawayDatabase("bench_local_engine");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-local-engine-"));
  const storage = new LocalDiskStorage({ root: path.join(dataDir, "files"), publicBaseUrl: "http://bench.test", signingSecret: () => "bench-secret-0123456789abcdefghijklmnop" });
  try {
    const { db } = await database.open();
    const server = await startServer({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir, WORKER_CONCURRENCY: "2" } });
    try {
      const [user] = await db.insert(users).values({ email: `bench-local-${Date.now()}@example.test` }).returning({ id: users.id });
      if (!user) throw new Error("no bench user");
      await ensureProfile(db, user.id);
      await db.update(profiles).set({ bonusCredits: 100 }).where(eq(profiles.userId, user.id));
      const stored = await storeUploadedImage(storage, user.id, readFileSync("public/examples/astronaut-portrait.jpg"));
      if (!stored.ok) throw new Error("bench photo refused");
      const ids: string[] = [];
      for (let job = 0; job < 2; job += 1) {
        const row = await insertGeneration(db, {
          userId: user.id,
          tool: "headshot_pro",
          category: "Headshot Pro",
          input: { gender: "female", ageRange: "36_45", styleIds: [1, 3, 8, 9], packageId: "basic" },
          originalImageKey: stored.image.key,
          creditsCost: 0,
          numberShots: 4,
        });
        ids.push(row.id);
      }
      const latencies: number[] = [];
      const deadline = Date.now() + 180_000;
      for (;;) {
        const start = performance.now();
        const answer = await fetch(`${server.baseUrl}/api/health`);
        await answer.arrayBuffer();
        latencies.push(performance.now() - start);
        const rows = await db.select({ status: generations.status }).from(generations).where(inArray(generations.id, ids));
        if (rows.every((row) => row.status === "complete" || row.status === "failed")) {
          if (rows.some((row) => row.status === "failed")) throw new Error("a benchmark headshot job failed");
          return latencies;
        }
        if (Date.now() > deadline) throw new Error("the two headshot jobs did not finish within 180 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const localEngineSuite: BenchSuite = {
  id: "local-engine",
  name: "Local engine",
  issue: "#20",
  async run() {
    const vision = await fromWorker<VisionFigures>("vision-timing-worker.ts");
    const engine = await fromWorker<EngineFigures>("local-engine-worker.ts");
    const latencies = await healthUnderLoad();
    const baseline = { name: "bare sharp resize to 1024 px", value: round(vision.resizeMs) };
    const perImage = (name: string, key: string, limit: number, issue?: string): BenchRow => {
      const value = round(engine.perImage[key] ?? Number.NaN);
      return { name, value, unit: "ms", target: under(value, limit, "ms"), baseline, ...(issue ? { issue } : {}) };
    };
    const p99 = round(percentile(latencies, 99));
    return [
      { name: "model load (cold, once per process)", value: round(vision.loadMs), unit: "ms", target: under(vision.loadMs, 3000, "ms") },
      { name: "face + mesh + segmentation per photo (warm)", value: round(vision.visionMs), unit: "ms", target: under(vision.visionMs, 600, "ms"), baseline },
      {
        name: "likeness check per image (warm): face, descriptor, similarity",
        value: round(vision.likenessMs),
        unit: "ms",
        target: under(vision.likenessMs, 150, "ms"),
        baseline,
        issue: "#36",
      },
      {
        name: "photo check per 1024-px photo (warm): decode, faces, mesh, measures",
        value: round(vision.photoCheckMs),
        unit: "ms",
        target: under(vision.photoCheckMs, 300, "ms"),
        baseline,
        issue: "#36",
      },
      perImage("Headshot Pro, per shot (4-shot job)", "headshot", 1500),
      perImage("Hair Changer per image", "hair", 1200),
      perImage("Body Shaper per image", "body", 1200),
      perImage("AI Product per image (cup on white paper)", "product", 1200),
      perImage("AI Product cut-out, cup on a wooden table, 1024 px (warm)", "productCutout", 1500, "#37"),
      perImage("AI Product shot, cup on a wooden table, 1024 px", "productBusy", 2500, "#37"),
      { name: "engine worker peak RSS (with its engine process)", value: round(engine.peakRssMb), unit: "MB", target: under(engine.peakRssMb, 900, "MB"), issue: "#37" },
      { name: `/api/health p99 while 2 jobs run (${latencies.length} requests)`, value: p99, unit: "ms", target: under(p99, 100, "ms") },
    ];
  },
};
