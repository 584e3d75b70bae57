import { callOutside } from "@/lib/resilience/outside-call";
import { hostedApiRetryStatuses, transientFailure } from "@/lib/resilience/transient-failures";
import { planRequests } from "../request-plan";
import { serviceCallOptions, type ServiceCallSettings } from "../service-calls";
import type { CallContext, EngineJob, PredictionEngine } from "../types";
import { hostedFailure, type HostedToolSetting } from "./hosted-settings";
import { asksForCount, fillTemplate, framingOf, imageDataUri, type InputTemplate } from "./input-template";

/**
 * What the prediction services (Replicate, fal) share: a job's requests submitted one after
 * another, each retried on the service's transient failures, and the short calls that poll and
 * cancel them.
 */

const retryHostedFailures = { classify: (error: unknown) => transientFailure(error, hostedApiRetryStatuses) };
/** Time limit of a call that belongs to no job run (poll, cancel, webhook secret). */
const housekeepingTimeoutMs = 15_000;

/** A status poll or a cancel: a short time limit, within the job's deadline, retried like a submission. */
export function housekeepingCall(name: string, context: CallContext) {
  return { name, signal: context.signal, deadline: context.deadline, timeoutMs: housekeepingTimeoutMs, ...retryHostedFailures };
}

export interface PredictionSubmission {
  /** The service's name in failures ("fal", "Replicate"). */
  service: string;
  /** The submitting call's name in the logs. */
  callName: string;
  tool: HostedToolSetting;
  /** Images per request when the model's input takes a count. */
  maxImagesPerRequest: number;
  /** Submits one request's model input; resolves with the service's id of the prediction. */
  submit(modelInput: InputTemplate, signal: AbortSignal): Promise<string>;
  /** The service's own words of a failed submission, for a safety refusal the user should read. */
  failureDetail(error: unknown): string | undefined;
}

type StartRun = Parameters<PredictionEngine["startPredictions"]>[1];

/** Starts a job's predictions: the planned requests in order, each reported as started once submitted. */
export async function submitPredictions(job: EngineJob, run: StartRun, settings: ServiceCallSettings, submission: PredictionSubmission) {
  const { model, input } = submission.tool;
  const requests = planRequests(job, asksForCount(input) ? submission.maxImagesPerRequest : 1);
  const image = imageDataUri(job.image);
  for (const [position, request] of requests.entries()) {
    const modelInput = fillTemplate(input, { prompt: request.prompt, image, count: request.count, ...framingOf(job) });
    let externalId: string;
    try {
      externalId = await callOutside(
        (signal) => submission.submit(modelInput, signal),
        serviceCallOptions(submission.callName, job, run, settings, retryHostedFailures),
      );
    } catch (error) {
      if (run.signal.aborted) throw run.signal.reason;
      throw hostedFailure(job, submission.service, error, submission.failureDetail(error));
    }
    await run.onStarted({ model, externalId, position, imageCount: request.count });
    run.onProgress(5 + Math.round((10 * (position + 1)) / requests.length));
  }
}
