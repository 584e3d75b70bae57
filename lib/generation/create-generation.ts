import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/client";
import type { GenerationInput, GenerationTool } from "@/db/schema";
import { insertGeneration } from "@/db/queries/generations";
import { lockProfile, type PaidJobValues } from "@/db/queries/credits";
import { claimFreeTrial } from "@/db/queries/free-trials";
import { freeTrialPackageId, isCashPackType } from "@/lib/catalog/headshot-packages";
import { insertJobWithItsSpend } from "@/lib/credits/ledger";
import { storeUploadedImage } from "@/lib/images/store-image";
import { env } from "@/lib/env";
import { getStorage, type ObjectStorage } from "@/lib/storage";
import { wakeWorkers } from "@/lib/scheduling/job-queue-signal";
import { isFramedProduct } from "./catalog";
import { engineNameFor } from "./engines/engine-choice";
import type { ImageEngineName } from "./engines/engine-names";
import { unavailableModelFor } from "./engines/server-engines";
import { assertModelServed, GenerationRequestError, RejectedImageError, type GenerationRequestErrorKey, type UnavailableModel } from "./errors";
import { checkPhoto } from "./photo-check/check-photo";
import type { PhotoProblem, PhotoProblemCode } from "./photo-check/judge-photo";
import { readFreeTrialEligibility } from "./free-trial";
import { assertCanAfford } from "./paid-job";
import { parseToolInput } from "./tool-input";
import { findTool, type ToolDescription, type ToolId } from "./tools";

/**
 * Accepting a generation (decision 3): the options are checked, the photo is normalised and
 * stored privately, and the job row and its credit spend are written in one transaction. If
 * anything after storing fails, the stored photo is deleted again, so a refused request leaves
 * nothing behind. Server actions are thin wrappers around these functions.
 */

export interface GenerationDeps {
  storage?: ObjectStorage;
  /** The engine that will run a tool (default: the environment's choice). */
  engineFor?: (tool: ToolId) => ImageEngineName;
  /** The photo check (default: the vision models in the local engine's process). */
  checkPhoto?: (tool: ToolId, image: Uint8Array, engine: ImageEngineName) => Promise<PhotoProblem[]>;
  /** The tool's hosted model when the provider does not serve it (default: this server's last lookups). */
  unavailableModel?: (tool: GenerationTool) => UnavailableModel | undefined;
}

export interface CreateGenerationParams {
  userId: string;
  tool: ToolId;
  /** The tool's options as sent by the browser; validated here. */
  input: unknown;
  /** The uploaded photo, or null when none was sent (reported as a missing field). */
  originalImage: Uint8Array | null;
}

/** Any of the four tools; their inputs are all objects, stored as the generation's input. */
type AnyTool = ToolDescription<z.ZodType<GenerationInput>>;

function toolOrThrow(id: string): AnyTool {
  const tool = findTool(id);
  if (!tool) throw new GenerationRequestError("errors.invalidInput", {}, `unknown tool ${id}`);
  return tool;
}

function packageIdOf(input: unknown): unknown {
  return typeof input === "object" && input !== null && "packageId" in input ? input.packageId : undefined;
}

/** Refuses a free trial (spec §4, decision 17) that the user may not take. */
function assertFreeTrialAvailable(eligible: boolean) {
  if (!eligible) throw new GenerationRequestError("errors.freeTrialUnavailable");
}

async function storeOriginal(storage: ObjectStorage, userId: string, image: Uint8Array | null) {
  if (!image) throw new GenerationRequestError("errors.invalidInput", {}, "no image");
  const stored = await storeUploadedImage(storage, userId, image);
  if (!stored.ok) throw new RejectedImageError(stored.error);
  return stored.image.key;
}

/** Runs `write` and deletes the stored original when it throws, then rethrows. */
async function keepOnlyIfWritten<T>(storage: ObjectStorage, key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.delete(key).catch((cleanupError: unknown) => {
      console.error("[generation] could not delete the original of a refused request", cleanupError);
    });
    throw error;
  }
}

const photoProblemErrors: Partial<Record<PhotoProblemCode, GenerationRequestErrorKey>> = {
  noFace: "errors.photoNoFace",
  severalFaces: "errors.photoSeveralFaces",
  faceTooSmall: "errors.photoFaceTooSmall",
  faceCutOff: "errors.photoFaceCutOff",
  tooBlurry: "errors.photoTooBlurry",
  eyesHidden: "errors.photoEyesHidden",
  noBody: "errors.photoNoBody",
  productNotClear: "errors.photoProductNotClear",
  productTooSmall: "errors.photoProductTooSmall",
  portraitNotProduct: "errors.photoPortraitNotProduct",
};

/**
 * Refuses before any credit is taken what the engine cannot make: on the local engine a style it
 * cannot draw (decision 21); on every engine that makes a real image a photo its result would
 * fail with (decision 25: no face, several faces, a face too small, cut by the photo's edge or
 * too blurred, a headshot's eyes hidden, no torso for Body Shaper, and on the local engine an AI Product cut-out it cannot
 * trust unless the user chose the framed print). Warnings (dark, soft, turned, rather small
 * face) were shown at upload and review, and the user may go on with them. The preview engine
 * draws stand-ins from any photo.
 */
async function assertEngineCanMake(tool: AnyTool, input: GenerationInput, image: Uint8Array | null, deps: GenerationDeps) {
  const engine = (deps.engineFor ?? ((id: ToolId) => engineNameFor(id, env)))(tool.id);
  if (engine === "local" && !tool.localEngineSupports(input)) throw new GenerationRequestError("errors.needsAiEngine");
  if (engine === "preview" || !image) return;
  // The framed print shows the photo whole: there is no cut-out to doubt.
  const doubted = (problem: PhotoProblem) => problem.blocking && !(problem.code === "productNotClear" && isFramedProduct(input));
  const blocking = (await (deps.checkPhoto ?? checkPhoto)(tool.id, image, engine)).find(doubted);
  const key = blocking ? photoProblemErrors[blocking.code] : undefined;
  if (key) throw new GenerationRequestError(key, {}, `photo check: ${blocking?.code}`);
}

/**
 * A free trial's job, its spend and its claim in one transaction. The profile row stays locked
 * until all three are written, so of two concurrent free trials the second sees the first one's
 * and is refused.
 */
function insertFreeTrialJob(db: Database, job: PaidJobValues) {
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, job.userId);
    assertFreeTrialAvailable(profile !== undefined && (await readFreeTrialEligibility(tx, job.userId, profile)));
    const written = await insertJobWithItsSpend(tx, job);
    assertFreeTrialAvailable(await claimFreeTrial(tx, job.userId, written.id));
    return written;
  });
}

/** Starts a generation paid with credits; returns its id. */
export async function createGeneration(
  db: Database,
  params: CreateGenerationParams,
  deps: GenerationDeps = {},
): Promise<{ id: string; creditsCost: number }> {
  const tool = toolOrThrow(params.tool);
  const input = parseToolInput(tool, params.input, params.originalImage !== null);
  assertModelServed(tool.id, deps.unavailableModel ?? unavailableModelFor);
  // A cash pack is paid at checkout and starts through createHeadshotAwaitingPayment.
  if (isCashPackType(packageIdOf(input))) throw new GenerationRequestError("errors.cashPackNeedsCheckout");
  const cost = tool.creditCost(input);
  const isFreeTrial = packageIdOf(input) === freeTrialPackageId;

  // Checked again under the row lock below; these only avoid storing a photo in vain.
  if (isFreeTrial) assertFreeTrialAvailable(await readFreeTrialEligibility(db, params.userId));
  await assertCanAfford(db, params.userId, cost);
  await assertEngineCanMake(tool, input, params.originalImage, deps);

  const storage = deps.storage ?? getStorage();
  const originalImageKey = await storeOriginal(storage, params.userId, params.originalImage);
  const job: PaidJobValues = {
    userId: params.userId,
    tool: tool.id,
    category: tool.category,
    input,
    originalImageKey,
    creditsCost: cost,
    numberShots: tool.imageCount(input),
  };
  const generation = await keepOnlyIfWritten(storage, originalImageKey, () =>
    isFreeTrial ? insertFreeTrialJob(db, job) : insertJobWithItsSpend(db, job),
  );
  wakeWorkers();
  return { id: generation.id, creditsCost: cost };
}

/**
 * A headshot generation bought as a cash pack (decision 7): stored now, released to the queue
 * once the payment is confirmed (lib/billing/cash-pack.ts). It costs no credits; what it owes
 * back when it fails or falls short is the pack's price (worker/job-money.ts).
 */
export async function createHeadshotAwaitingPayment(
  db: Database,
  params: Omit<CreateGenerationParams, "tool">,
  deps: GenerationDeps = {},
): Promise<{ id: string; originalImageKey: string | null }> {
  const tool = toolOrThrow("headshot_pro");
  const input = parseToolInput(tool, params.input, params.originalImage !== null);
  if (!isCashPackType(packageIdOf(input))) throw new GenerationRequestError("errors.invalidInput", {}, "not a cash pack");
  assertModelServed(tool.id, deps.unavailableModel ?? unavailableModelFor);
  await assertEngineCanMake(tool, input, params.originalImage, deps);
  const storage = deps.storage ?? getStorage();
  const originalImageKey = await storeOriginal(storage, params.userId, params.originalImage);
  const generation = await keepOnlyIfWritten(storage, originalImageKey, () =>
    insertGeneration(db, {
      userId: params.userId,
      tool: tool.id,
      category: tool.category,
      input,
      originalImageKey,
      creditsCost: 0,
      numberShots: tool.imageCount(input),
      runAfter: null,
    }),
  );
  return { id: generation.id, originalImageKey: generation.originalImageKey };
}
