import type { GenerationTool, NewLikenessCheck } from "@/db/schema";
import { checkLikeness, type LikenessResult } from "../likeness/check-likeness";
import { isDeliverable, isLikenessGuarded } from "../likeness/likeness-rules";

/**
 * The likeness guard in the worker (decision 24): before a job's images are stored as delivered,
 * each must show one face, of the person in the photo it was made from. An image that fails is
 * made again once, at no cost to the user; if the new one fails too, that position is not
 * delivered and the job's money settles it like any missing image (decision 19, job-money.ts).
 * Every check is kept for the job's outcome (likeness_checks), so the results page can say what
 * happened and the operator can see the scores.
 */

export interface LikenessCheckRecord extends LikenessResult {
  /** The image's place in the job as ordered. */
  position: number;
  /** 1: the engine's first image; 2: the one made again in its place. */
  attempt: 1 | 2;
  delivered: boolean;
}

export interface GuardedImages {
  /** The images to deliver, in the order of their positions. */
  images: Uint8Array[];
  /** Every check made (none for a tool whose results do not show the user). */
  checks: LikenessCheckRecord[];
}

export interface LikenessGuardInput {
  job: { id: string; tool: GenerationTool; input: unknown };
  /** The photo the images were made from: the user's upload, or for an edit the image edited. */
  reference: Uint8Array;
  /** The engine's images, position 0 first. */
  images: readonly Uint8Array[];
  /** Makes the images of these positions again, in that order. */
  remake(positions: number[]): Promise<Uint8Array[]>;
  signal: AbortSignal;
  log: Pick<Console, "warn">;
}

const record = (result: LikenessResult, position: number, attempt: 1 | 2): LikenessCheckRecord => ({
  ...result,
  position,
  attempt,
  delivered: isDeliverable(result.verdict),
});

/** The engine's images made again for `positions`; none when the remake itself failed (those positions stay missing). */
async function remakeOnce(input: LikenessGuardInput, positions: number[]): Promise<Uint8Array[]> {
  try {
    return (await input.remake(positions)).slice(0, positions.length);
  } catch (error) {
    if (input.signal.aborted) throw input.signal.reason;
    input.log.warn(`[worker] making ${positions.length} image(s) of ${input.job.id} again failed`, error);
    return [];
  }
}

/** The first look at a job's images: every check, and the positions that failed (to make again). */
export interface FirstLook {
  checks: LikenessCheckRecord[];
  failed: number[];
}

export async function checkFirstImages(reference: Uint8Array, images: readonly Uint8Array[], signal: AbortSignal): Promise<FirstLook> {
  const checks = (await checkLikeness(reference, images, signal)).map((result, position) => record(result, position, 1));
  return { checks, failed: checks.filter((check) => !check.delivered).map((check) => check.position) };
}

/**
 * What is delivered after the remakes: the first images that passed and the remakes that pass.
 * `remade[i]` is the image made again for `first.failed[i]`; a missing one leaves its position undelivered.
 */
export async function settleRemakes(
  reference: Uint8Array,
  images: readonly Uint8Array[],
  first: FirstLook,
  remade: readonly (Uint8Array | undefined)[],
  signal: AbortSignal,
): Promise<GuardedImages> {
  const checks = [...first.checks];
  const delivered = new Map(checks.flatMap((check) => (check.delivered ? [[check.position, images[check.position]!] as const] : [])));
  const made = first.failed.flatMap((position, index) => {
    const image = remade[index];
    return image ? [{ position, image }] : [];
  });
  signal.throwIfAborted();
  for (const [index, result] of (await checkLikeness(reference, made.map((remake) => remake.image), signal)).entries()) {
    const { position, image } = made[index]!;
    const check = record(result, position, 2);
    checks.push(check);
    if (check.delivered) delivered.set(position, image);
  }
  return { images: [...delivered.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes), checks };
}

export async function guardLikeness(input: LikenessGuardInput): Promise<GuardedImages> {
  const { job, reference, images, signal } = input;
  if (!isLikenessGuarded(job)) return { images: [...images], checks: [] };
  const first = await checkFirstImages(reference, images, signal);
  const remade = first.failed.length > 0 ? await remakeOnce(input, first.failed) : [];
  return settleRemakes(reference, images, first, remade, signal);
}

/**
 * The checks as rows of likeness_checks; `deliveredImageIds` are the ids of the stored images in
 * the order of their positions (the delivered checks in the same order get them).
 */
export function likenessCheckRows(generationId: string, checks: readonly LikenessCheckRecord[], deliveredImageIds: readonly string[]): NewLikenessCheck[] {
  const delivered = checks.filter((check) => check.delivered).sort((a, b) => a.position - b.position);
  return checks.map((check) => ({
    generationId,
    position: check.position,
    attempt: check.attempt,
    verdict: check.verdict,
    score: check.score,
    faces: check.faces,
    delivered: check.delivered,
    imageId: check.delivered ? (deliveredImageIds[delivered.indexOf(check)] ?? null) : null,
  }));
}
