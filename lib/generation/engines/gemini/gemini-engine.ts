import { ApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import { callOutside } from "@/lib/resilience/outside-call";
import { hostedApiRetryStatuses, transientFailure } from "@/lib/resilience/transient-failures";
import { JobFailure } from "../../errors";
import { findJobDescription } from "../../tools";
import { attemptFetch } from "../hosted/attempt-fetch";
import { housekeepingCall } from "../hosted/hosted-predictions";
import { hostedFailure, refusal, type HostedToolSettings } from "../hosted/hosted-settings";
import { askForModel, notConfigured } from "../hosted/model-lookup";
import { fillTemplate, framingOf } from "../hosted/input-template";
import { planRequests } from "../request-plan";
import { serviceCallOptions, type ServiceCallSettings } from "../service-calls";
import type { EngineJob, EngineRunOptions, ImageEngine } from "../types";

/**
 * Google's Gemini image model through the official Gen AI SDK: the tool's prompt and the photo
 * go to generateContent, which answers within the request with the image inline. One call per
 * image (the model makes one at a time), a few at once. A blocked prompt or image is a safety
 * refusal the user is told about; the token counts go to the job's usage.
 */

export interface GeminiEngineConfig extends ServiceCallSettings {
  apiKey?: string;
  /** The API's origin (default https://generativelanguage.googleapis.com). */
  baseUrl?: string;
  tools: HostedToolSettings;
}

/** Calls in flight for one job. */
const parallelCalls = 3;
const blockingFinishReasons = new Set(["SAFETY", "IMAGE_SAFETY", "PROHIBITED_CONTENT", "IMAGE_PROHIBITED_CONTENT", "BLOCKLIST", "SPII"]);

/** The message inside an API error ('{"error":{"message":...}}'), else the error's own. */
function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const json = /\{.*\}/s.exec(error.message)?.[0];
  try {
    const body: unknown = json ? JSON.parse(json) : undefined;
    if (typeof body === "object" && body !== null && "error" in body) {
      const inner = body.error;
      if (typeof inner === "object" && inner !== null && "message" in inner && typeof inner.message === "string") return inner.message;
    }
  } catch {
    return error.message;
  }
  return error.message;
}

/** The image of one answer, or why there is none. */
function imageOf(response: GenerateContentResponse, job: EngineJob): Uint8Array {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) throw refusal("Gemini", response.promptFeedback?.blockReasonMessage ?? `The request was blocked for safety (${blocked})`);
  const candidate = response.candidates?.[0];
  const image = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData?.data;
  if (image) return Buffer.from(image, "base64");
  const reason = candidate?.finishReason;
  if (reason && blockingFinishReasons.has(reason)) {
    throw refusal("Gemini", candidate.finishMessage ?? `The image was blocked for safety (${reason})`);
  }
  throw new JobFailure(findJobDescription(job.tool).failureMessages.noResult, `Gemini answered without an image (${reason ?? "no reason"})`);
}

export function createGeminiEngine(config: GeminiEngineConfig): ImageEngine {
  const client = (signal: AbortSignal) => new GoogleGenAI({ apiKey: config.apiKey, httpOptions: { baseUrl: config.baseUrl, fetch: attemptFetch(signal) } });
  return {
    name: "gemini",
    modelFor: (tool) => config.tools[tool].model,

    async lookupModel(model, context) {
      if (!config.apiKey) return notConfigured("GEMINI_API_KEY");
      return askForModel(
        () =>
          callOutside((signal) => client(signal).models.get({ model, config: { abortSignal: signal } }), housekeepingCall("Gemini model", context)),
        `Gemini serves no model ${model}`,
      );
    },

    async run(job: EngineJob, run: EngineRunOptions) {
      if (!config.apiKey) throw new JobFailure("engineNotConfigured", "GEMINI_API_KEY is not set");
      const { model, input } = config.tools[job.tool];
      const prompts = planRequests(job, 1).flatMap((request) => Array.from({ length: request.count }, () => request.prompt));
      const generationConfig = fillTemplate(input, { prompt: "", image: "", count: 1, ...framingOf(job) });
      const image = { mimeType: job.image.contentType, data: job.image.data.toString("base64") };

      async function generate(prompt: string): Promise<Uint8Array> {
        let response: GenerateContentResponse;
        try {
          response = await callOutside(
            (signal) =>
              client(signal).models.generateContent({
                model,
                contents: [{ role: "user", parts: [{ text: prompt }, { inlineData: image }] }],
                config: { ...generationConfig, abortSignal: signal },
              }),
            serviceCallOptions("Gemini generateContent", job, run, config, {
              classify: (error) => transientFailure(error, hostedApiRetryStatuses),
            }),
          );
        } catch (error) {
          if (run.signal.aborted) throw run.signal.reason;
          throw hostedFailure(job, "Gemini", error, apiMessage(error));
        }
        const usage = response.usageMetadata;
        run.onUsage?.({ requests: 1, inputTokens: usage?.promptTokenCount ?? 0, outputTokens: usage?.candidatesTokenCount ?? 0 });
        return imageOf(response, job);
      }

      const images: Uint8Array[] = [];
      const failures: unknown[] = [];
      let next = 0;
      run.onProgress(5);
      const lane = async () => {
        while (next < prompts.length) {
          const prompt = prompts[next++] ?? job.prompt;
          try {
            images.push(await generate(prompt));
          } catch (error) {
            if (run.signal.aborted) throw run.signal.reason;
            failures.push(error);
          }
          run.onProgress(5 + Math.round((85 * (images.length + failures.length)) / prompts.length));
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallelCalls, prompts.length) }, lane));
      // Some images are better than none: what is missing is refunded with the job's outcome.
      if (images.length === 0) throw failures.find((failure) => failure instanceof JobFailure && failure.reasonKey === "contentRefused") ?? failures[0];
      return images;
    },
  };
}
