import type { GenerationTool } from "@/db/schema";
import { MAX_IMAGE_BYTES } from "@/lib/images/limits";
import { callOutside, OutsideCallTimeout } from "@/lib/resilience/outside-call";
import { HttpStatusError } from "@/lib/resilience/transient-failures";
import { JobFailure } from "../../errors";
import { findJobDescription } from "../../tools";
import { downloadImage } from "../download/download-image";
import { positionsToMake } from "../request-plan";
import { serviceCallOptions, type ServiceCallSettings } from "../service-calls";
import type { EngineJob, EngineRunOptions, ImageEngine } from "../types";
import { webhookRequestBody } from "./webhook-requests";
import { declaredErrorMessage, interpretWebhookResponse, webhookResponseSchema } from "./webhook-responses";

/**
 * The generic webhook engine (decision 11): POSTs the spec §7 body of the job's tool to the URL
 * configured for it, with the shared secret in a header, validates the answer and downloads
 * the images it names, as many as were ordered. Failures become JobFailures with the spec's messages; the worker turns
 * those into a failed job and a refund.
 */

export interface WebhookEngineConfig extends ServiceCallSettings {
  urls: Partial<Record<GenerationTool, string>>;
  secret?: string;
  allowPrivateAddresses: boolean;
  downloadTimeoutMs: number;
}

/** A JSON answer bigger than this is refused (data URLs of many images fit well within it). */
const maxResponseBytes = 64 * 1024 * 1024;

/** The body as text, read in chunks so an endless or huge answer is cut off at the cap. */
async function readBody(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxResponseBytes) {
      await reader.cancel();
      throw new Error(`response larger than ${maxResponseBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The message a JSON error answer declares, or undefined. A body that is not JSON (a proxy's
 * HTML page, a stack trace) only goes to the logs, never to the user.
 */
function declaredMessage(text: string): string | undefined {
  try {
    const result = webhookResponseSchema.safeParse(JSON.parse(text));
    return (result.success && declaredErrorMessage(result.data)) || undefined;
  } catch {
    return undefined;
  }
}

/** A webhook answer that was not a success, kept whole so its declared message can be shown. */
class WebhookStatusError extends HttpStatusError {
  constructor(
    status: number,
    headers: Headers,
    readonly text: string,
  ) {
    super(status, headers, `HTTP ${status}`);
  }
}

/**
 * One POST, tried again on a dropped connection and on 429/502/503/504 (honouring Retry-After)
 * while the job's deadline allows; a request that outlasts its time limit is not repeated, since
 * the service may still be working on it.
 */
async function post(url: string, job: EngineJob, config: WebhookEngineConfig, run: EngineRunOptions) {
  const failed = findJobDescription(job.tool).failureMessages.failed;
  const body = JSON.stringify(webhookRequestBody(job));
  try {
    return await callOutside(async (signal) => {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-generation-id": job.generationId,
          ...(config.secret ? { "x-webhook-secret": config.secret } : {}),
        },
        body,
        signal,
        redirect: "error",
      });
      const text = await readBody(response);
      if (!response.ok) throw new WebhookStatusError(response.status, response.headers, text);
      return text;
    }, serviceCallOptions("webhook POST", job, run, config));
  } catch (error) {
    if (run.signal.aborted) throw run.signal.reason;
    if (error instanceof WebhookStatusError) {
      const message = declaredMessage(error.text);
      throw new JobFailure(
        "webhookError",
        `Webhook error: HTTP ${error.status}: ${message ?? error.text.slice(0, 300)}`,
        message ?? `HTTP ${error.status}`,
      );
    }
    if (error instanceof OutsideCallTimeout) throw new JobFailure(failed, `Webhook request: ${error.message}`);
    throw new JobFailure(failed, `Webhook request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createWebhookEngine(config: WebhookEngineConfig): ImageEngine {
  return {
    name: "webhook",
    async run(job: EngineJob, { onProgress, signal, deadline }: EngineRunOptions) {
      const { failureMessages } = findJobDescription(job.tool);
      const url = config.urls[job.tool];
      if (!url) throw new JobFailure("engineNotConfigured", `No webhook URL for ${job.tool}`);
      onProgress(5);
      const text = await post(url, job, config, { onProgress, signal, deadline });
      onProgress(70);

      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new JobFailure(failureMessages.failed, `Webhook response is not JSON: ${text.slice(0, 200)}`);
      }
      const parsed = webhookResponseSchema.safeParse(json);
      if (!parsed.success) {
        throw new JobFailure(failureMessages.failed, `Malformed webhook response: ${parsed.error.message.slice(0, 300)}`);
      }
      const outcome = interpretWebhookResponse(parsed.data);
      if (outcome.kind === "error") {
        throw new JobFailure("webhookError", `Webhook error: ${outcome.message ?? "success: false"}`, outcome.message);
      }
      if (outcome.kind === "empty") throw new JobFailure(failureMessages.noResult, "The webhook returned no image");

      // A service may answer with more images than were ordered; only those are fetched.
      const references = outcome.references.slice(0, positionsToMake(job).length);
      const images: Uint8Array[] = [];
      for (const reference of references) {
        images.push(
          await downloadImage(reference, {
            maxBytes: MAX_IMAGE_BYTES,
            timeoutMs: config.downloadTimeoutMs,
            allowPrivateAddresses: config.allowPrivateAddresses,
            signal,
            deadline,
          }),
        );
        onProgress(70 + Math.round((25 * images.length) / references.length));
      }
      return images;
    },
  };
}
