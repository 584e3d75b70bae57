/**
 * Bench worker for the server's image intake on a large JPEG, in a process of its own.
 *   time <file> <pairs>         alternates a bare sharp resize (the baseline) and normalizeImage,
 *                               so a busy moment on the machine slows both alike; prints
 *                               {"resizeMs", "normalizeMs"} (medians)
 *   memory <resize|normalize> <file>   runs one of them three times; prints {"peakRssMb"}, the
 *                               process's own peak, which is why each gets a fresh process
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { UPLOAD_MAX_DIMENSION } from "@/lib/images/limits";
import { normalizeImage } from "@/lib/images/normalize-image";
import { median } from "../lib/run-worker";

type Mode = "resize" | "normalize";

async function runOnce(mode: Mode, file: string): Promise<number> {
  // Read per run, like a request body arriving, so both sides pay the same.
  const input = readFileSync(file);
  const started = performance.now();
  if (mode === "resize") {
    await sharp(input).resize(UPLOAD_MAX_DIMENSION, UPLOAD_MAX_DIMENSION, { fit: "inside" }).jpeg().toBuffer();
  } else {
    const result = await normalizeImage(input, { maxDimension: UPLOAD_MAX_DIMENSION });
    if (!result.ok) throw new Error(`normalizeImage refused the bench image: ${result.error.code}`);
  }
  return performance.now() - started;
}

async function time(file: string, pairs: number) {
  await runOnce("resize", file);
  await runOnce("normalize", file);
  const resize: number[] = [];
  const normalize: number[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    // Swap the order every pair so neither side always runs on a warmer cache.
    const order: Mode[] = pair % 2 === 0 ? ["resize", "normalize"] : ["normalize", "resize"];
    for (const mode of order) (mode === "resize" ? resize : normalize).push(await runOnce(mode, file));
  }
  console.log(JSON.stringify({ resizeMs: median(resize), normalizeMs: median(normalize) }));
}

async function memory(mode: Mode, file: string) {
  for (let run = 0; run < 3; run += 1) await runOnce(mode, file);
  console.log(JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

async function main() {
  const [command, first, second] = process.argv.slice(2);
  if (command === "time" && first) return time(first, Number(second ?? 7));
  if (command === "memory" && (first === "resize" || first === "normalize") && second) return memory(first, second);
  throw new Error("usage: time <file> [pairs] | memory <resize|normalize> <file>");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
