/**
 * The "PREVIEW" mark every preview image carries (decision 11). The letters are drawn as
 * stroked paths rather than SVG text so no installed font is needed: a server without
 * fontconfig fonts renders the same mark, and the bytes stay the same from machine to machine.
 */

/** Each capital on a 4 x 6 grid, as SVG path data. */
const glyphs: Record<string, string> = {
  P: "M0 6V0H3L4 1V2L3 3H0",
  R: "M0 6V0H3L4 1V2L3 3H0M2 3L4 6",
  E: "M4 0H0V6H4M0 3H3",
  V: "M0 0L2 6L4 0",
  I: "M2 0V6M1 0H3M1 6H3",
  W: "M0 0L1 6L2 2L3 6L4 0",
};

const word = "PREVIEW";
const glyphWidth = 4;
const glyphGap = 1.6;

/** Grid units of the whole mark: the letters plus 3 units of padding on each side. */
const markUnits = { width: word.length * glyphWidth + (word.length - 1) * glyphGap + 6, height: 12 };

/**
 * The mark for an image of the given size: about a fifth of its width, never larger than the
 * image (tiny and very flat images get a smaller mark rather than none).
 */
export function previewMarkSvg(imageWidth: number, imageHeight: number): { svg: Buffer; width: number; height: number } {
  const preferred = Math.max(Math.min(1.2, (imageWidth * 0.8) / markUnits.width), imageWidth / 220);
  const scale = Math.min(preferred, (imageWidth - 2) / markUnits.width, (imageHeight - 2) / markUnits.height);
  const padding = 3 * scale;
  const width = Math.max(1, Math.floor(markUnits.width * scale));
  const height = Math.max(1, Math.floor(markUnits.height * scale));
  const paths = [...word]
    .map((letter, index) => {
      const x = (padding + index * (glyphWidth + glyphGap) * scale).toFixed(2);
      return `<path transform="translate(${x} ${padding.toFixed(2)}) scale(${scale.toFixed(3)})" d="${glyphs[letter] ?? ""}"/>`;
    })
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" rx="${(height / 2).toFixed(2)}" fill="#000" fill-opacity="0.55"/>` +
    `<g fill="none" stroke="#fff" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>`;
  return { svg: Buffer.from(svg), width, height };
}

/**
 * Where the mark goes: centred, a seventh of the height above the bottom edge. Result tiles
 * show images cropped to 3:4, which cuts up to an eighth off each side of a square, wide or
 * 9:16 image; there the mark still shows whole.
 */
export function previewMarkPlacement(imageWidth: number, imageHeight: number) {
  const mark = previewMarkSvg(imageWidth, imageHeight);
  const bottomMargin = Math.min(Math.max(6, Math.round(imageHeight / 7)), imageHeight - mark.height);
  return {
    input: mark.svg,
    left: Math.max(0, Math.floor((imageWidth - mark.width) / 2)),
    top: Math.max(0, imageHeight - mark.height - bottomMargin),
  };
}
