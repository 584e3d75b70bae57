import type { ClaimedJob } from "@/db/queries/generation-jobs";
import type { EnginePrediction } from "@/db/schema";
import type { GuardedStorage } from "@/lib/storage/guarded-storage";
import type { PlannedRequest } from "../engines/request-plan";
import type { EngineRunOptions, PredictionEngine } from "../engines/types";
import { isLikenessGuarded } from "../likeness/likeness-rules";
import { buildEngineJob } from "./engine-job";
import { checkFirstImages, settleRemakes, type GuardedImages } from "./likeness-guard";
import { startNewAttempt } from "./prediction-attempts";
import type { JobContext } from "./run-job";

/**
 * The likeness guard on a hosted service's predictions (decision 24). A position's first
 * prediction that succeeded holds its images. When some of them fail the guard, a remake of that
 * position is asked for, for as many images as failed (startNewAttempt: written down, then sent
 * like every attempt, so never more than one paid prediction per image), and the job waits for
 * it. Once every remake has ended, or at the job's last look, the images that passed are
 * delivered: the first ones, and the remakes that pass in the places of those that failed. The
 * first images are looked at again then: the same bytes give the same verdict, and nothing of a
 * check needs to be kept between two runs of the job.
 */

/** A position's first prediction that succeeded, and the attempt after it (a remake), if one was asked for. */
export interface PositionResult {
  position: number;
  original?: EnginePrediction;
  remake?: EnginePrediction;
}

export function positionResults(plan: readonly PlannedRequest[], rows: readonly EnginePrediction[]): PositionResult[] {
  return plan.map((_, position) => {
    const attempts = rows.filter((row) => row.position === position);
    const original = attempts.find((row) => row.status === "succeeded");
    const remake = original ? attempts.filter((row) => row.attempt > original.attempt).at(-1) : undefined;
    return { position, original, remake };
  });
}

export type Delivery = ({ kind: "images" } & GuardedImages) | { kind: "remaking" };

const outputsOf = (prediction: EnginePrediction | undefined, count: number) =>
  prediction?.status === "succeeded" ? (prediction.outputs ?? []).slice(0, count) : [];

/** The images of the positions that succeeded, past the guard; or "remaking" when remakes were asked for. */
export async function deliverPredictions(
  context: JobContext,
  job: ClaimedJob,
  engine: PredictionEngine,
  storage: GuardedStorage,
  plan: readonly PlannedRequest[],
  results: readonly PositionResult[],
  run: EngineRunOptions & { mayRemake: boolean },
): Promise<Delivery> {
  // At most what was ordered is fetched from the service; `owners` holds each image's position.
  const firstUrls = results.flatMap(({ position, original }) => outputsOf(original, plan[position]!.count).map((url) => ({ url, position })));
  const ordered = firstUrls.slice(0, job.numberShots);
  if (!isLikenessGuarded(job)) return { kind: "images", images: await engine.downloadOutputs(ordered.map(({ url }) => url), run), checks: [] };

  const remakeUrls = results.map(({ position, remake }) => outputsOf(remake, remake?.imageCount ?? 0).map((url) => ({ url, position })));
  const downloaded = await engine.downloadOutputs([...ordered, ...remakeUrls.flat()].map(({ url }) => url), run);
  const images = downloaded.slice(0, ordered.length);
  const remadeByPosition = new Map<number, Uint8Array[]>();
  let next = ordered.length;
  for (const urls of remakeUrls) {
    for (const { position } of urls) remadeByPosition.set(position, [...(remadeByPosition.get(position) ?? []), downloaded[next++]!]);
  }

  const { image: reference } = await buildEngineJob(context.db, storage, job);
  const first = await checkFirstImages(reference.data, images, run.signal);
  const failedByPosition = new Map<number, number>();
  for (const index of first.failed) {
    const { position } = ordered[index]!;
    failedByPosition.set(position, (failedByPosition.get(position) ?? 0) + 1);
  }
  if (run.mayRemake) {
    let asked = false;
    for (const [position, imageCount] of failedByPosition) {
      const { original, remake } = results[position]!;
      if (!original || remake) continue;
      await startNewAttempt(context.db, { generationId: job.id, position, afterAttempt: original.attempt, imageCount });
      asked = true;
    }
    if (asked) return { kind: "remaking" };
  }
  // The remake of a position replaces its failed images in order; one that made nothing leaves them undelivered.
  const used = new Map<number, number>();
  const remade = first.failed.map((index) => {
    const { position } = ordered[index]!;
    const taken = used.get(position) ?? 0;
    used.set(position, taken + 1);
    return remadeByPosition.get(position)?.[taken];
  });
  return { kind: "images", ...(await settleRemakes(reference.data, images, first, remade, run.signal)) };
}
