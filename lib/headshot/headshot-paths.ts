/** The pages of the Headshot Pro wizard (spec §1 routes). */
export type HeadshotPage = "step1" | "step2" | "step3" | "step4" | "payment" | "packs" | "loading" | "results";

export const headshotLandingPath = "/headshot-pro";

export function headshotPath(page: HeadshotPage, generationId?: string): string {
  const path = `${headshotLandingPath}/${page}`;
  return generationId ? `${path}?id=${encodeURIComponent(generationId)}` : path;
}

/** The last generation started from this browser, so /headshot-pro/results opens it again. */
export const headshotLastGenerationKey = "headshotGenerationId";
