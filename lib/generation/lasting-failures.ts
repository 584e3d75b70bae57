/**
 * Reasons a job failed that the same request would meet again: the engine cannot do it, the
 * photo has no face or body for it, the service refused it for safety, the photo is gone, the
 * tool has no engine. Saying "please try again" after one of these would be untrue, so the UI
 * says the reason (which names what would work) instead. Any other failure (a time limit, a
 * lost download, a service error) may pass on a second try. Keys as stored: `generation.errors.*`.
 */
const lastingFailureKeys: ReadonlySet<string> = new Set(
  ["needsAiEngine", "noPersonFound", "noBodyFound", "editNoSubject", "productNotClear", "contentRefused", "sourceImageMissing", "engineNotConfigured"].map(
    (reason) => `generation.errors.${reason}`,
  ),
);

export function isLastingFailure(errorKey: string | null): boolean {
  return errorKey !== null && lastingFailureKeys.has(errorKey);
}
