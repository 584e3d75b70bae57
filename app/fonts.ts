import localFont from "next/font/local";

/*
 * Self-hosted fonts from the @fontsource packages (no network at build time). Each face is
 * limited to its unicode-range, so a browser downloads the Latin-Extended and Arabic files only
 * when a page contains such characters; the basic Latin face holds only the weights the app uses
 * (lib/fonts/inter-subset.ts). None is preloaded: with `swap` the text paints at once in the
 * metric-matched fallback, so a preload would only take bandwidth from the render-blocking
 * stylesheet and put its 31 KB before the first paint, which made Lighthouse's LCP later (issue
 * 16). next/font takes literals only: the subset's path and unicode-range are checked against
 * that module by tests/unit/fonts.test.ts.
 */
export const inter = localFont({
  src: "./_fonts/inter-latin-wght-400-700.woff2",
  weight: "400 700",
  style: "normal",
  display: "swap",
  preload: false,
  variable: "--font-inter",
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
  ],
});

export const interExtended = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-inter-ext",
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
    },
  ],
});

export const notoSansArabic = localFont({
  src: [
    { path: "../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-600-normal.woff2", weight: "600", style: "normal" },
    { path: "../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2", weight: "700", style: "normal" },
  ],
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-arabic",
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC",
    },
  ],
});

export const fontVariables = [inter.variable, interExtended.variable, notoSansArabic.variable].join(" ");
