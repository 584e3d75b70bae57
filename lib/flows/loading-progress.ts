/**
 * The generic loading rule of spec §4 applied to a server-side job (decision 10): the bar
 * rises toward 95 over the tool's expected duration, never shows less than the server's real
 * progress, never reaches 100 before the job is complete, and jumps to 100 when it is.
 */

export const progressCap = 95;
/** Spec §9: the generic loading page updates its bar every 100 ms and its message every 15 s. */
export const progressTickMs = 100;
export const messageRotationMs = 15_000;

export interface ProgressInput {
  status: "pending" | "processing" | "complete" | "failed";
  serverProgress: number;
  elapsedMs: number;
  expectedDurationMs: number;
}

export function shownProgress({ status, serverProgress, elapsedMs, expectedDurationMs }: ProgressInput): number {
  if (status === "complete") return 100;
  const elapsed = Math.max(0, elapsedMs);
  const timed = expectedDurationMs > 0 ? (progressCap * elapsed) / expectedDurationMs : progressCap;
  const real = Number.isFinite(serverProgress) ? serverProgress : 0;
  return Math.round(Math.min(progressCap, Math.max(timed, real, 0)));
}

/** Which of the tool's rotating messages shows after `elapsedMs`. */
export function rotatingMessageIndex(elapsedMs: number, messageCount: number): number {
  if (messageCount <= 0) return 0;
  return Math.floor(Math.max(0, elapsedMs) / messageRotationMs) % messageCount;
}
