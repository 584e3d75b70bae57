import { callOutside, OutsideCallTimeout } from "@/lib/resilience/outside-call";
import { ConnectionFailure, hostedApiRetryStatuses, httpStatusOf, HttpStatusError, parseRetryAfter, transientFailure } from "@/lib/resilience/transient-failures";
import { planRequests } from "../request-plan";
import { serviceCallOptions, type ServiceCallSettings } from "../service-calls";
import type { CallContext, EngineJob, EngineRunOptions, PlannedJob, PredictionRequest } from "../types";
import { hostedFailure, type HostedToolSetting } from "./hosted-settings";
import { asksForCount, fillTemplate, framingOf, imageDataUri, type InputTemplate } from "./input-template";

/**
 * What the prediction services (Replicate, fal) share: a job's planned requests, the create call
 * of one attempt (never repeated once it may have reached the service), and the short calls that
 * poll and cancel.
 */

const retryHostedFailures = { classify: (error: unknown) => transientFailure(error, hostedApiRetryStatuses) };
/** Time limit of a call that belongs to no job run (poll, cancel, lookup, webhook secret). */
const housekeepingTimeoutMs = 15_000;

/** A status poll or a cancel: a short time limit, within the job's deadline, retried like a submission. */
export function housekeepingCall(name: string, context: CallContext) {
  return { name, signal: context.signal, deadline: context.deadline, timeoutMs: housekeepingTimeoutMs, ...retryHostedFailures };
}

/**
 * A create call that may have made the prediction without telling us its id: the service failed
 * after the request reached it (a 5xx), or the connection dropped or timed out before an answer.
 * It must not be sent again until a lookup or the service's callback settles what happened.
 */
export class SubmissionInDoubt extends Error {
  constructor(
    message: string,
    /** The service answered (an HTTP error): a prediction it made is findable at once. */
    readonly answered: boolean,
  ) {
    super(message);
    this.name = "SubmissionInDoubt";
  }
}

/** System errors of a connection that never reached the service: nothing can have been made. */
const neverConnectedCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * The only failures of a create call worth another try within the call: those that certainly
 * made nothing (429, a connection that was never made). A 5xx or a dropped connection may have
 * made the prediction: repeating it could pay twice.
 */
function retryIfNothingMade(error: unknown) {
  if (httpStatusOf(error) === 429) {
    return { retryAfterMs: error instanceof HttpStatusError ? parseRetryAfter(error.headers.get("retry-after") ?? undefined) : undefined };
  }
  if (error instanceof ConnectionFailure && error.code !== undefined && neverConnectedCodes.has(error.code)) return {};
  return undefined;
}

/** Whether a failed create may have made the prediction, and whether the service answered. */
function doubtOf(error: unknown): { answered: boolean } | undefined {
  const status = httpStatusOf(error);
  if (status !== undefined) return status >= 500 ? { answered: true } : undefined;
  if (error instanceof ConnectionFailure) return error.code !== undefined && neverConnectedCodes.has(error.code) ? undefined : { answered: false };
  // A timeout, or an answer the SDK could not read: the request may have been handled.
  return { answered: false };
}

export interface PredictionSubmission {
  /** The service's name in failures ("fal", "Replicate"). */
  service: string;
  /** The submitting call's name in the logs. */
  callName: string;
  tool: HostedToolSetting;
  /** Submits one request's model input; resolves with the service's id of the prediction. */
  submit(modelInput: InputTemplate, signal: AbortSignal): Promise<string>;
  /** The service's own words of a failed submission, for a safety refusal the user should read. */
  failureDetail(error: unknown): string | undefined;
}

/** A job's requests on a model whose input may take a count of `maxImagesPerRequest`. */
export function planHostedRequests(job: PlannedJob, tool: HostedToolSetting, maxImagesPerRequest: number) {
  return planRequests(job, asksForCount(tool.input) ? maxImagesPerRequest : 1);
}

/** Creates the prediction of one attempt; see PredictionEngine.submitPrediction. */
export async function submitPrediction(
  job: EngineJob,
  request: PredictionRequest,
  run: EngineRunOptions,
  settings: ServiceCallSettings,
  submission: PredictionSubmission,
): Promise<string> {
  const modelInput = fillTemplate(submission.tool.input, { prompt: request.prompt, image: imageDataUri(job.image), count: request.count, ...framingOf(job) });
  try {
    return await callOutside(
      (signal) => submission.submit(modelInput, signal),
      serviceCallOptions(submission.callName, job, run, settings, { classify: retryIfNothingMade }),
    );
  } catch (error) {
    if (run.signal.aborted) throw run.signal.reason;
    const doubt = doubtOf(error);
    if (doubt) {
      const detail = error instanceof OutsideCallTimeout || error instanceof Error ? error.message : String(error);
      throw new SubmissionInDoubt(`${submission.service}: ${detail}`.slice(0, 2000), doubt.answered);
    }
    throw hostedFailure(job, submission.service, error, submission.failureDetail(error));
  }
}
