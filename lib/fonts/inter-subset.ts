/**
 * The basic-Latin face of Inter that every page loads, cut down for the first visit of a
 * phone on a slow network (issue 16): the same characters as @fontsource's latin face, but only
 * the weights the app uses (font-normal to font-bold) instead of 100 to 900, which takes it
 * from 49 KB to 31 KB. scripts/subset-fonts.ts writes it; tests/unit/fonts.test.ts checks it.
 */
export const interSourceFile = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
export const interSubsetFile = "app/_fonts/inter-latin-wght-400-700.woff2";

/** The weights the subset keeps: Tailwind's font-normal, -medium, -semibold and -bold. */
export const interWeights = { min: 400, max: 700 } as const;

/** @fontsource's unicode-range of Inter's latin face, also declared in app/fonts.ts. */
export const interLatinUnicodeRange =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** Every code point a CSS unicode-range lists ("U+0041", "U+0000-00FF"). */
export function codePointsOf(unicodeRange: string): number[] {
  return unicodeRange.split(",").flatMap((part) => {
    const [first = "", last = first] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(first, 16);
    const end = Number.parseInt(last, 16);
    return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  });
}
