/**
 * Calibrates the likeness guard (decision 24, issue 36) on real photos and writes the result
 * into README.md between the likeness-calibration markers: `npm run likeness:calibrate`.
 *
 * Same person: two different photos of one man (dlib's "johns", 5 men x 11 photos, read from
 * Debian's libdlib19.1 package, downloaded with apt-get when it is not installed; never
 * committed, see tests/fixtures/photos/LICENSE.md), three webcam frames
 * of one man (tests/fixtures/photos), and what the local engine makes of a person (headshots in
 * all ten styles, hair colours, body contours) against the photo it was made from.
 * Strangers: every pair of two different people among all of those.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { EngineJob } from "@/lib/generation/engines/types";
import { renderLocalJob } from "@/lib/generation/engines/local/render-local-job";
import { likenessAnalysisSize } from "@/lib/generation/likeness/measure-likeness";
import { likenessThreshold } from "@/lib/generation/likeness/likeness-rules";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { describeFaces, faceSimilarity } from "@/lib/vision/face-identity";
import { quantile } from "@/lib/vision/quantile";
import { dlibJohns } from "./lib/calibration-photos";
import { replaceReadmeSection } from "./lib/readme-section";

interface Sample {
  person: string;
  /** Where the picture comes from, for the table. */
  set: string;
  label: string;
  descriptor: number[];
}

const cacheDir = path.join(process.cwd(), ".data/likeness-calibration");
const fixtures = path.join(process.cwd(), "tests/fixtures/photos");
const examples = path.join(process.cwd(), "public/examples");

/** The main face's descriptor, or null when no face was found. */
async function describe(bytes: Uint8Array): Promise<number[] | null> {
  const faces = await describeFaces(await decodeRgb(bytes, likenessAnalysisSize));
  return faces[0]?.descriptor ?? null;
}

const skipped: string[] = [];

async function add(samples: Sample[], sample: Omit<Sample, "descriptor">, bytes: Uint8Array) {
  const descriptor = await describe(bytes);
  if (descriptor) samples.push({ ...sample, descriptor });
  else skipped.push(`${sample.set}: ${sample.label}`);
}

function jobBase(image: Buffer, imageCount = 1) {
  return { generationId: "likeness-calibration", prompt: "", image: { data: image, contentType: "image/jpeg" }, imageCount };
}

async function render(job: EngineJob): Promise<Uint8Array[]> {
  return renderLocalJob(job, { signal: new AbortController().signal, onProgress: () => {} });
}

async function collectSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const { person, file, bytes } of await dlibJohns()) await add(samples, { person, set: "photos", label: `${person}/${file}` }, bytes);
  for (const file of readdirSync(fixtures).filter((name) => name.startsWith("webcam-eriberto-")).sort()) {
    await add(samples, { person: "eriberto", set: "photos", label: file }, readFileSync(path.join(fixtures, file)));
  }
  const portrait = readFileSync(path.join(examples, "astronaut-portrait.jpg"));
  const fullLength = readFileSync(path.join(examples, "photographer-full-length.jpg"));
  await add(samples, { person: "astronaut", set: "photos", label: "astronaut-portrait.jpg" }, portrait);
  await add(samples, { person: "photographer", set: "photos", label: "photographer-full-length.jpg" }, fullLength);

  const styleIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const headshots = await render({ ...jobBase(portrait, 10), tool: "headshot_pro", input: { gender: "female", ageRange: "36_45", styleIds, packageId: "basic" } });
  for (const [index, bytes] of headshots.entries()) await add(samples, { person: "astronaut", set: "headshots", label: `style ${styleIds[index]}` }, bytes);
  for (const style of ["blonde", "redhead", "brunette", "colorful", "clown"]) {
    const [bytes] = await render({ ...jobBase(portrait), tool: "hair_changer", input: { gender: "female", style, customPrompt: "" } });
    if (bytes) await add(samples, { person: "astronaut", set: "hair", label: style }, bytes);
  }
  for (const style of ["slimFit", "vTaper", "broadShoulders", "dadBodToFit", "bulkedUp"]) {
    const [bytes] = await render({ ...jobBase(fullLength), tool: "body_shaper", input: { gender: "male", style, customPrompt: "" } });
    if (bytes) await add(samples, { person: "photographer", set: "body", label: style }, bytes);
  }
  return samples;
}

interface Distribution {
  name: string;
  scores: number[];
}

interface ScoredPair {
  score: number;
  a: Sample;
  b: Sample;
}

async function distributions(samples: readonly Sample[]) {
  const groups = new Map<string, number[]>();
  const push = (name: string, score: number) => groups.set(name, [...(groups.get(name) ?? []), score]);
  const samePhotos: ScoredPair[] = [];
  const strangers: ScoredPair[] = [];
  for (const [index, a] of samples.entries()) {
    for (const b of samples.slice(index + 1)) {
      const score = await faceSimilarity(a.descriptor, b.descriptor);
      const engineSet = [a.set, b.set].find((set) => set !== "photos");
      if (a.person !== b.person) {
        strangers.push({ score, a, b });
        push(engineSet ? "strangers: an engine's image against another person's photo" : "strangers: two photos of two people", score);
      } else if (!engineSet) {
        samePhotos.push({ score, a, b });
        push("same person: two different photos", score);
      } else if (a.set === "photos" || b.set === "photos") {
        // An engine's image against the photo it was made from (not two engine images).
        const names: Record<string, string> = { headshots: "local engine headshots (10 styles)", hair: "local engine hair colours", body: "local engine body contours" };
        push(`same person: ${names[engineSet] ?? engineSet} against the photo`, score);
      }
    }
  }
  const list = (prefix: string) =>
    [...groups.entries()].filter(([name]) => name.startsWith(prefix)).map(([name, scores]) => ({ name: name.slice(prefix.length), scores: scores.sort((x, y) => x - y) }));
  return {
    same: list("same person: "),
    strangers: list("strangers: "),
    leastAlike: samePhotos.sort((x, y) => x.score - y.score).slice(0, 5),
    closestStrangers: strangers.sort((x, y) => y.score - x.score).slice(0, 5),
  };
}

const fixed = (value: number) => value.toFixed(2);

function summaryRow(kind: string, distribution: Distribution): string {
  const { scores } = distribution;
  const refused = scores.filter((score) => score < likenessThreshold).length;
  const verdict = kind === "Same person" ? `${refused} refused` : `${scores.length - refused} accepted`;
  const figures = [quantile(scores, 0), quantile(scores, 0.05), quantile(scores, 0.5), quantile(scores, 0.95), scores.at(-1) ?? Number.NaN];
  return `| ${kind} | ${distribution.name} | ${scores.length} | ${figures.map(fixed).join(" | ")} | ${verdict} |`;
}

function histogram(same: readonly number[], strangers: readonly number[]): string[] {
  const bins = Array.from({ length: 10 }, (_, index) => index / 10);
  const count = (scores: readonly number[], low: number) => scores.filter((score) => score >= low && (low >= 0.9 ? score <= 1 : score < low + 0.1)).length;
  return [
    "| Similarity | Same person | Strangers |",
    "| --- | --- | --- |",
    ...bins.map((low) => `| ${fixed(low)}–${fixed(low + 0.1)}${low <= likenessThreshold && likenessThreshold < low + 0.1 ? ` (threshold ${fixed(likenessThreshold)})` : ""} | ${count(same, low)} | ${count(strangers, low)} |`),
  ];
}

const pairText = (pair: ScoredPair) => `${fixed(pair.score)} ${pair.a.label} / ${pair.b.label}`;

function report(result: Awaited<ReturnType<typeof distributions>>): string {
  const allSame = result.same.flatMap((group) => group.scores);
  const allStrangers = result.strangers.flatMap((group) => group.scores).sort((a, b) => a - b);
  const photoPairs = result.same.find((group) => group.name === "two different photos")?.scores ?? [];
  return [
    `Threshold **${fixed(likenessThreshold)}** (\`likenessThreshold\`, lib/generation/likeness/likeness-rules.ts). Strangers scored at most ${fixed(allStrangers.at(-1) ?? Number.NaN)}` +
      ` (${allStrangers.length} pairs); two different photos of one person at least ${fixed(photoPairs[0] ?? Number.NaN)}` +
      ` (${photoPairs.filter((score) => score < likenessThreshold).length} of ${photoPairs.length} pairs below the threshold).`,
    "",
    "| | Pairs of | Count | Min | 5th pct | Median | 95th pct | Max | At the threshold |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.same.map((group) => summaryRow("Same person", group)),
    ...result.strangers.map((group) => summaryRow("Strangers", group)),
    "",
    ...histogram(allSame, allStrangers),
    "",
    `Least alike photos of one person: ${result.leastAlike.map(pairText).join("; ")}.`,
    `Closest strangers: ${result.closestStrangers.map(pairText).join("; ")}.`,
    ...(skipped.length > 0 ? ["", `No face found (left out): ${skipped.join(", ")}.`] : []),
  ].join("\n");
}

const cachedSamplesSchema = z.array(z.object({ person: z.string(), set: z.string(), label: z.string(), descriptor: z.array(z.number()) }));

/** `--cached`: the descriptors of the last run (the models and photos are slow to go through again). */
async function samplesOfThisRun(): Promise<Sample[]> {
  const cached = path.join(cacheDir, "samples.json");
  if (process.argv.includes("--cached") && existsSync(cached)) return cachedSamplesSchema.parse(JSON.parse(readFileSync(cached, "utf8")));
  const samples = await collectSamples();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(samples));
  return samples;
}

async function main() {
  const samples = await samplesOfThisRun();
  const text = report(await distributions(samples));
  console.log(text);
  replaceReadmeSection("likeness-calibration", text);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
