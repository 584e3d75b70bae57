/**
 * The headshot loading bar of spec §4 applied to a server-side job (decision 10). The spec's
 * three checks become the job's real milestones: 10 once the server accepted it, 30 when a
 * worker took it, 50 once the engine reports work. While waiting the bar creeps by small steps
 * every 2 s up to 80, never below the server's own progress; 100 only when the job is complete.
 * A queued job has done nothing yet, so its bar waits at 10 instead of pretending.
 */

export const headshotProgressCap = 80;
export const headshotCreepStepMs = 2000;

export interface HeadshotProgressInput {
  status: "pending" | "processing" | "complete" | "failed";
  serverProgress: number;
  /** Since the server accepted the job. */
  elapsedMs: number;
}

/** 1 to 3 per step, the same on every render, so the bar never jumps back. */
function creepAfter(steps: number): number {
  let total = 0;
  for (let step = 1; step <= steps; step += 1) total += 1 + ((step * 7) % 3);
  return total;
}

export function headshotShownProgress({ status, serverProgress, elapsedMs }: HeadshotProgressInput): number {
  if (status === "complete") return 100;
  if (status === "pending") return 10;
  const real = Number.isFinite(serverProgress) ? Math.max(0, serverProgress) : 0;
  const milestone = real > 0 ? 50 : 30;
  const steps = Math.floor(Math.max(0, elapsedMs) / headshotCreepStepMs);
  return Math.min(headshotProgressCap, Math.max(milestone + creepAfter(steps), real));
}
