import type { GenerationTool } from "@/db/schema";
import type { ImageIntakeError } from "@/lib/images/image-intake-errors";
import { toErrorDetail } from "./error-detail";

/**
 * Why the server refused to start a generation or an edit. Each carries a translation key under
 * `errors` (the namespace server actions answer with) and the values its message needs, so a
 * server action can hand it to the UI unchanged. Not enough credits is lib/credits'
 * InsufficientCreditsError (required, available).
 */
export type GenerationRequestErrorKey =
  | "errors.missingGenerationData"
  | "errors.missingHeadshotData"
  | "errors.noPackageSelected"
  | "errors.invalidInput"
  | "errors.cashPackNeedsCheckout"
  | "errors.editImageNotFound"
  | "errors.editNotInPlan"
  | "errors.promptRequired"
  | "errors.promptTooLong"
  | "errors.imageRejected"
  | "errors.freeTrialUnavailable"
  | "errors.needsAiEngine"
  | "errors.modelUnavailable"
  | "errors.editNotUnderstood"
  | "errors.photoNoFace"
  | "errors.photoSeveralFaces"
  | "errors.photoFaceTooSmall"
  | "errors.photoFaceCutOff"
  | "errors.photoTooBlurry"
  | "errors.photoEyesHidden"
  | "errors.photoNoBody"
  | "errors.photoProductNotClear"
  | "errors.photoProductTooSmall"
  | "errors.photoPortraitNotProduct";

export class GenerationRequestError extends Error {
  constructor(
    readonly messageKey: GenerationRequestErrorKey,
    readonly values: Readonly<Record<string, string | number>> = {},
    /** For logs: what exactly was wrong. */
    readonly detail?: string,
  ) {
    super(detail ? `${messageKey}: ${detail}` : messageKey);
    this.name = "GenerationRequestError";
  }
}

/** The uploaded photo did not pass the image intake; `intakeError` says why (upload.errors.*). */
export class RejectedImageError extends GenerationRequestError {
  constructor(readonly intakeError: ImageIntakeError) {
    super("errors.imageRejected", {}, `${intakeError.code} ${intakeError.detail ?? ""}`.trim());
    this.name = "RejectedImageError";
  }
}

/**
 * 'Missing required data: ...' of spec §5. `fields` are keys under `generation.fields`; the
 * caller translates each and fills `{fields}` with the list (English keys until then).
 */
export class MissingGenerationDataError extends GenerationRequestError {
  constructor(
    messageKey: "errors.missingGenerationData" | "errors.missingHeadshotData",
    readonly fields: readonly string[],
  ) {
    super(messageKey, { fields: fields.join(", ") });
    this.name = "MissingGenerationDataError";
  }
}

/**
 * Why a job ended without images: a key under `generation.errors` shown to the user, a detail
 * for the logs (kept in generations.error_message, never sent to the browser) and, when the
 * image service explained the failure itself, its message cleaned for the owner to read
 * (generations.error_detail, shown under the translated headline).
 */
export class JobFailure extends Error {
  readonly userDetail: string | null;

  constructor(
    readonly reasonKey: string,
    readonly detail: string,
    serviceMessage?: string | null,
  ) {
    super(`${reasonKey}: ${detail}`);
    this.name = "JobFailure";
    this.userDetail = toErrorDetail(serviceMessage);
  }

  get errorKey(): string {
    return `generation.errors.${this.reasonKey}`;
  }
}

/** The tool's hosted model as its last lookup found it, when it is not served (server-engines.ts). */
export interface UnavailableModel {
  engine: string;
  model: string;
}

/**
 * Refuses a job for a tool whose hosted model the provider no longer serves (decision 26), before
 * any photo is stored or credit taken: "temporarily unavailable", with the model for the logs.
 */
export function assertModelServed(tool: GenerationTool, unavailableModel: (tool: GenerationTool) => UnavailableModel | undefined) {
  const unavailable = unavailableModel(tool);
  if (unavailable) throw new GenerationRequestError("errors.modelUnavailable", {}, `${tool}: ${unavailable.engine} model ${unavailable.model} is not served`);
}
