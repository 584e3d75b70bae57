import type { OutsideCallOptions } from "@/lib/resilience/outside-call";
import { findJobDescription } from "../tools";
import type { EngineJob, EngineRunOptions } from "./types";

/**
 * The call policy every engine uses for a request to its image service: the job's signal and
 * deadline, and the tool's request time limit (tools.ts), lowered by IMAGE_REQUEST_TIMEOUT_MS
 * when the operator set it.
 */

export interface ServiceCallSettings {
  /** IMAGE_REQUEST_TIMEOUT_MS: at most this per request, whatever the tool allows. */
  requestTimeoutMs?: number;
}

export function requestTimeoutFor(job: Pick<EngineJob, "tool">, settings: ServiceCallSettings): number {
  const toolLimit = findJobDescription(job.tool).requestTimeoutMs;
  return settings.requestTimeoutMs === undefined ? toolLimit : Math.min(toolLimit, settings.requestTimeoutMs);
}

export function serviceCallOptions(
  name: string,
  job: Pick<EngineJob, "tool">,
  run: Pick<EngineRunOptions, "signal" | "deadline">,
  settings: ServiceCallSettings,
  extra: Partial<OutsideCallOptions> = {},
): OutsideCallOptions {
  return { name, signal: run.signal, deadline: run.deadline, timeoutMs: requestTimeoutFor(job, settings), ...extra };
}
