import type { Gender } from "@/lib/generation/catalog";

/** The sample image of a headshot style for a gender (rendered by scripts/headshot-style-samples.ts). */
export function headshotStyleSamplePath(gender: Gender, styleId: number): string {
  return `/headshot-styles/${gender}-${styleId}.webp`;
}
