import type { GenerationTool } from "@/db/schema";
import { MAX_IMAGE_BYTES } from "@/lib/images/limits";
import { OutsideCallTimeout } from "@/lib/resilience/outside-call";
import { JobFailure } from "../../errors";
import { findJobDescription } from "../../tools";
import { downloadImage } from "../download/download-image";
import type { EngineJob, EngineRunOptions } from "../types";
import type { InputTemplate } from "./input-template";
import { isSafetyRefusal } from "./refusals";

/** What the hosted engines (Replicate, fal, Gemini) share: per-tool models, callbacks, downloads, failures. */

/** One tool's model on a hosted service and how its request maps onto the model's input. */
export interface HostedToolSetting {
  model: string;
  input: InputTemplate;
}

export type HostedToolSettings = Record<GenerationTool, HostedToolSetting>;

export interface DownloadSettings {
  allowPrivateAddresses: boolean;
  downloadTimeoutMs: number;
}

/**
 * Where a service reports on a prediction: our route, naming the job, the position in the job and
 * the attempt, so a prediction whose create call never gave us its id is still adopted by its
 * slot when the service calls (lib/generation/engine-callbacks.ts).
 */
export function callbackUrl(baseUrl: string, engine: string, slot: { generationId: string; position: number; attempt: number }): string {
  const url = new URL(`/api/engines/${engine}/callback`, baseUrl);
  url.searchParams.set("generation", slot.generationId);
  url.searchParams.set("position", String(slot.position));
  url.searchParams.set("attempt", String(slot.attempt));
  return url.toString();
}

/** The result images, one after another, each within its own time limit and the job's deadline. */
export async function downloadAll(urls: readonly string[], settings: DownloadSettings, run: EngineRunOptions): Promise<Uint8Array[]> {
  const images: Uint8Array[] = [];
  for (const url of urls) {
    images.push(
      await downloadImage(url, {
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: settings.downloadTimeoutMs,
        allowPrivateAddresses: settings.allowPrivateAddresses,
        signal: run.signal,
        deadline: run.deadline,
      }),
    );
  }
  return images;
}

/**
 * A failed call to a hosted service as the job's failure: a safety refusal with the service's
 * own words for the user; anything else with the tool's message only, the detail for the logs.
 */
export function hostedFailure(job: Pick<EngineJob, "tool">, service: string, error: unknown, serviceMessage?: string): JobFailure {
  const { failed } = findJobDescription(job.tool).failureMessages;
  if (error instanceof JobFailure) return error;
  const detail = error instanceof OutsideCallTimeout ? error.message : error instanceof Error ? error.message : String(error);
  if (isSafetyRefusal(serviceMessage)) return refusal(service, serviceMessage ?? detail);
  return new JobFailure(failed, `${service}: ${detail}`.slice(0, 2000));
}

export function refusal(service: string, message: string): JobFailure {
  return new JobFailure("contentRefused", `${service} refused: ${message}`.slice(0, 2000), message);
}
