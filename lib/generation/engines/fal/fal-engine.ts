import { ApiError, createFalClient, type FalClient } from "@fal-ai/client";
import { z } from "zod";
import { callOutside } from "@/lib/resilience/outside-call";
import { HttpStatusError } from "@/lib/resilience/transient-failures";
import { JobFailure } from "../../errors";
import { attemptFetch } from "../hosted/attempt-fetch";
import { housekeepingCall, planHostedRequests, submitPrediction } from "../hosted/hosted-predictions";
import { callbackUrl, downloadAll, type DownloadSettings, type HostedToolSettings } from "../hosted/hosted-settings";
import { notConfigured } from "../hosted/model-lookup";
import { isSafetyRefusal } from "../hosted/refusals";
import type { ServiceCallSettings } from "../service-calls";
import type { CallContext, EngineJob, PredictionEngine, PredictionRef, PredictionState } from "../types";
import { createFalWebhookVerifier, defaultFalJwksUrl } from "./fal-webhook";

/**
 * fal through its official client, on fal's queue: each request of a job is submitted with
 * `fal_webhook` pointing at /api/engines/fal/callback and the job waits in our queue; a poll
 * asks the queue for the request's status and, once it is COMPLETED, for its result. The client
 * is pointed at another queue host (a local stand-in) by its documented requestMiddleware.
 * fal's queue has no list of one's own requests to search, so a submission in doubt is found
 * only by its webhook, whose URL names the job, position and attempt (fal bills only successful
 * requests, and every successful one calls that webhook).
 */

export interface FalEngineConfig extends ServiceCallSettings, DownloadSettings {
  apiKey?: string;
  /** fal's queue (default https://queue.fal.run). */
  queueUrl?: string;
  /** fal's Platform API, whose model search answers whether an endpoint is served (default https://api.fal.ai/v1). */
  apiUrl?: string;
  jwksUrl?: string;
  callbackBaseUrl: string;
  tools: HostedToolSettings;
}

const falQueueOrigin = "https://queue.fal.run";
const falApiUrl = "https://api.fal.ai/v1";

/** fal's model search, in find mode: the endpoint, with its status ("active", or "deprecated" once retired). */
const modelSearchSchema = z.object({
  models: z.array(z.object({ endpoint_id: z.string(), metadata: z.object({ status: z.string().optional() }).passthrough().optional() })),
});
/** Images per request when the model's input takes a count (num_images). */
const maxImagesPerRequest = 4;

/** A result as fal's image models return it (images with URLs, flags of the safety checker). */
const resultSchema = z.object({
  images: z.array(z.object({ url: z.string().min(1) }).passthrough()).default([]),
  has_nsfw_concepts: z.array(z.boolean()).optional(),
  timings: z.object({ inference: z.number().optional() }).passthrough().optional(),
});

const errorDetailSchema = z.union([
  z.string(),
  z.array(z.object({ msg: z.string().optional(), type: z.string().optional() }).passthrough()),
]);

const webhookSchema = z.object({
  request_id: z.string().min(1),
  status: z.enum(["OK", "ERROR"]),
  payload: z.unknown().optional(),
  error: z.string().nullish(),
  payload_error: z.string().nullish(),
});

/** fal's explanation of a failed request: its `detail` (a message or a list of them). */
function detailText(payload: unknown): { text?: string; refused: boolean } {
  const detail = z.object({ detail: errorDetailSchema }).safeParse(payload);
  if (!detail.success) return { refused: false };
  if (typeof detail.data.detail === "string") return { text: detail.data.detail, refused: isSafetyRefusal(detail.data.detail) };
  const items = detail.data.detail;
  const text = items.map((item) => item.msg).filter(Boolean).join("; ") || undefined;
  return { text, refused: items.some((item) => item.type === "content_policy_violation") || isSafetyRefusal(text) };
}

/** A finished request's result: its images, less those the safety checker blacked out. */
function stateOfResult(result: unknown, computeSeconds?: number): PredictionState {
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) return { status: "failed", error: "fal returned a result without images", refused: false, computeSeconds };
  const flags = parsed.data.has_nsfw_concepts ?? [];
  const outputs = parsed.data.images.filter((_, index) => !flags[index]).map((image) => image.url);
  const seconds = computeSeconds ?? parsed.data.timings?.inference;
  if (outputs.length === 0 && parsed.data.images.length > 0) {
    return { status: "failed", error: "The safety checker flagged the generated image as not safe", refused: true, computeSeconds: seconds };
  }
  return { status: "succeeded", outputs, computeSeconds: seconds };
}

function stateOfFailure(error: string | undefined, payload: unknown): PredictionState {
  const detail = detailText(payload);
  const text = detail.text ?? error ?? "the request failed";
  return { status: "failed", error: text, refused: detail.refused || isSafetyRefusal(error) };
}

export function createFalEngine(config: FalEngineConfig): PredictionEngine {
  const queueUrl = (config.queueUrl ?? falQueueOrigin).replace(/\/$/, "");
  const client = (signal: AbortSignal): FalClient =>
    createFalClient({
      credentials: config.apiKey,
      fetch: attemptFetch(signal),
      requestMiddleware: async (request) => ({ ...request, url: request.url.replace(falQueueOrigin, queueUrl) }),
    });
  const verify = createFalWebhookVerifier(config.jwksUrl ?? defaultFalJwksUrl);
  async function resultOf(prediction: PredictionRef, context: CallContext, computeSeconds?: number): Promise<PredictionState> {
    try {
      const result = await callOutside(
        (signal) => client(signal).queue.result(prediction.model, { requestId: prediction.externalId, abortSignal: signal }),
        housekeepingCall("fal result", context),
      );
      return stateOfResult(result.data, computeSeconds);
    } catch (error) {
      // A request that failed at fal answers its result with the error (422 for refused input).
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return stateOfFailure(error.message, error.body);
      throw error;
    }
  }

  return {
    name: "fal",
    modelFor: (tool) => config.tools[tool].model,

    async lookupModel(model, context) {
      if (!config.apiKey) return notConfigured("FAL_KEY");
      const url = new URL(`${(config.apiUrl ?? falApiUrl).replace(/\/$/, "")}/models`);
      url.searchParams.set("endpoint_id", model);
      const found = await callOutside(async (signal) => {
        const response = await attemptFetch(signal)(url, { headers: { authorization: `Key ${config.apiKey}`, accept: "application/json" } });
        if (!response.ok) throw new HttpStatusError(response.status, response.headers, `fal model search: HTTP ${response.status}`);
        return modelSearchSchema.parse(await response.json()).models.find((entry) => entry.endpoint_id === model);
      }, housekeepingCall("fal model search", context));
      if (!found) return { served: false, detail: `fal serves no endpoint ${model}` };
      const status = found.metadata?.status;
      return status === "deprecated" ? { served: false, detail: `fal lists ${model} as deprecated` } : { served: true };
    },

    planPredictions: (job) => planHostedRequests(job, config.tools[job.tool], maxImagesPerRequest),

    async submitPrediction(job: EngineJob, request, run) {
      if (!config.apiKey) throw new JobFailure("engineNotConfigured", "FAL_KEY is not set");
      const tool = config.tools[job.tool];
      const webhookUrl = callbackUrl(config.callbackBaseUrl, "fal", { generationId: job.generationId, ...request });
      return submitPrediction(job, request, run, config, {
        service: "fal",
        callName: "fal submit",
        tool,
        submit: async (input, signal) => (await client(signal).queue.submit(tool.model, { input, webhookUrl, abortSignal: signal })).request_id,
        failureDetail: (error) => (error instanceof ApiError ? detailText(error.body).text : undefined),
      });
    },

    findSubmission: async () => undefined,

    async checkPrediction(prediction: PredictionRef, context: CallContext) {
      const status = await callOutside(
        (signal) => client(signal).queue.status(prediction.model, { requestId: prediction.externalId, abortSignal: signal }),
        housekeepingCall("fal status", context),
      );
      if (status.status !== "COMPLETED") return { status: "running" };
      return resultOf(prediction, context, status.metrics?.inference_time ?? undefined);
    },

    async cancelPrediction(prediction: PredictionRef, context: CallContext) {
      try {
        await callOutside(
          (signal) => client(signal).queue.cancel(prediction.model, { requestId: prediction.externalId, abortSignal: signal }),
          housekeepingCall("fal cancel", context),
        );
      } catch (error) {
        // 400: the request already finished, which is all a cancel wants.
        if (!(error instanceof ApiError && error.status === 400)) throw error;
      }
    },

    async readCallback({ headers, body }, context: CallContext) {
      // Not in use here: nothing of ours to report on.
      if (!config.apiKey) return null;
      if (!(await verify({ headers, body }, context))) return null;
      let parsed;
      try {
        parsed = webhookSchema.safeParse(JSON.parse(body));
      } catch {
        return null;
      }
      // The signature covers the header's request id: the body must speak of the same request.
      if (!parsed.success || parsed.data.request_id !== headers.get("x-fal-webhook-request-id")) return null;
      const { request_id: externalId, status, payload, error, payload_error: payloadError } = parsed.data;
      if (status === "ERROR") return { externalId, ...stateOfFailure(error ?? undefined, payload) };
      if (payloadError) return { externalId, status: "failed", error: `fal could not send the result: ${payloadError}`, refused: false };
      return { externalId, ...stateOfResult(payload) };
    },

    downloadOutputs: (urls, run) => downloadAll(urls, config, run),
  };
}
