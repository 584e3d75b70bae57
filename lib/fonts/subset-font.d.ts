// subset-font ships no types; only the options scripts/subset-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: "woff2" | "woff" | "truetype"; variationAxes?: Record<string, { min: number; max: number }> },
  ): Promise<Buffer>;
}
