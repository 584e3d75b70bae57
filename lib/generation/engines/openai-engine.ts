import OpenAI, { toFile } from "openai";
import { MAX_IMAGE_BYTES } from "@/lib/images/limits";
import { callOutside } from "@/lib/resilience/outside-call";
import { hostedApiRetryStatuses, transientFailure } from "@/lib/resilience/transient-failures";
import { JobFailure } from "../errors";
import { findJobDescription } from "../tools";
import { downloadImage } from "./download/download-image";
import { planRequests } from "./request-plan";
import { serviceCallOptions, type ServiceCallSettings } from "./service-calls";
import type { EngineJob, EngineRunOptions, ImageEngine } from "./types";

/**
 * Image edits through the official OpenAI SDK (decision 11): the job's photo and the prompt from
 * its tool's prompt builder go to `images.edit`. Headshots make one request per chosen style
 * (each with its share of the shots), so every style gets a prompt of its own.
 */

export interface OpenAiEngineConfig extends ServiceCallSettings {
  apiKey?: string;
  baseUrl?: string;
  model: string;
  allowPrivateAddresses: boolean;
  downloadTimeoutMs: number;
}

/** The API returns at most this many images per request. */
const maxImagesPerRequest = 10;

function sizeFor(job: EngineJob): "1024x1024" | "1536x1024" | "1024x1536" | "auto" {
  if (job.tool === "headshot_pro") return "1024x1536";
  if (job.tool !== "ai_product") return "auto";
  const sizes = { square: "1024x1024", landscape: "1536x1024", portrait: "1024x1536", auto: "auto" } as const;
  return sizes[job.input.dimension];
}

function describeError(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `OpenAI error ${error.status ?? "(no status)"}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What OpenAI said about a refused request (a safety rejection, an unsupported image), for the
 * user. Refused credentials are the operator's business and say nothing useful to the user.
 */
function serviceMessage(error: unknown): string | undefined {
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return undefined;
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) return undefined;
  const body = error.error;
  return typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
    ? body.message
    : undefined;
}

export function createOpenAiEngine(config: OpenAiEngineConfig): ImageEngine {
  return {
    name: "openai",
    async run(job: EngineJob, { onProgress, signal, deadline }: EngineRunOptions) {
      const { failureMessages } = findJobDescription(job.tool);
      if (!config.apiKey) throw new JobFailure("engineNotConfigured", "OPENAI_API_KEY is not set");
      // Retries are callOutside's, which knows the job's deadline; the SDK should not add its own.
      const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0 });
      const requests = planRequests(job, maxImagesPerRequest);
      const extension = job.image.contentType === "image/png" ? "png" : "jpg";
      const images: Uint8Array[] = [];
      onProgress(5);
      for (const [index, request] of requests.entries()) {
        let response;
        try {
          response = await callOutside(
            async (attemptSignal) =>
              client.images.edit(
                {
                  model: config.model,
                  image: await toFile(job.image.data, `photo.${extension}`, { type: job.image.contentType }),
                  prompt: request.prompt,
                  n: request.count,
                  size: sizeFor(job),
                },
                { signal: attemptSignal },
              ),
            serviceCallOptions("OpenAI images.edit", job, { signal, deadline }, config, {
              classify: (error) => transientFailure(error, hostedApiRetryStatuses),
            }),
          );
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          throw new JobFailure(failureMessages.failed, describeError(error), serviceMessage(error));
        }
        for (const item of response.data ?? []) {
          if (item.b64_json) images.push(Buffer.from(item.b64_json, "base64"));
          else if (item.url) {
            images.push(
              await downloadImage(item.url, {
                maxBytes: MAX_IMAGE_BYTES,
                timeoutMs: config.downloadTimeoutMs,
                allowPrivateAddresses: config.allowPrivateAddresses,
                signal,
                deadline,
              }),
            );
          }
        }
        onProgress(5 + Math.round((90 * (index + 1)) / requests.length));
      }
      if (images.length === 0) throw new JobFailure(failureMessages.noResult, "OpenAI returned no image");
      return images;
    },
  };
}
