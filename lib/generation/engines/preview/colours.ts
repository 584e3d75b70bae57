import { createHash } from "node:crypto";

/**
 * Colours for the preview engine: the colour words a prompt mentions (in the app's five
 * languages where the word is common), and a stable colour for text that names none, so the
 * same prompt always gives the same picture and different prompts visibly differ.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const colourWords: ReadonlyArray<readonly [readonly string[], string]> = [
  [["red", "rot", "rouge", "rojo", "crimson", "scarlet"], "#c62828"],
  [["orange", "naranja"], "#ef6c00"],
  [["yellow", "gelb", "jaune", "amarillo", "golden", "gold"], "#f9c846"],
  [["green", "grün", "grun", "vert", "verde", "emerald"], "#2e7d32"],
  [["teal", "turquoise", "türkis", "turquesa"], "#00897b"],
  [["blue", "blau", "bleu", "azul", "navy"], "#1e5aa8"],
  [["purple", "violet", "lila", "morado", "lavender"], "#7b1fa2"],
  [["pink", "rosa", "rose"], "#e91e63"],
  [["brown", "braun", "marron", "marrón", "wood", "wooden", "walnut"], "#6d4c41"],
  [["beige", "sand", "cream", "creme", "crème"], "#e8d8b8"],
  [["white", "weiß", "weiss", "blanc", "blanco", "marble"], "#f4f4f2"],
  [["grey", "gray", "grau", "gris", "concrete", "silver"], "#8d9197"],
  [["black", "schwarz", "noir", "negro", "dark"], "#1c1c1e"],
  [["sky", "ocean", "sea", "water"], "#4fa3d9"],
  [["forest", "leaves", "plants", "jungle"], "#3f7d3a"],
  [["sunset", "autumn"], "#e07a3f"],
];

const wordPattern = /\p{L}+/gu;

/** The colours named in `text`, in the order they appear (each once). */
export function coloursIn(text: string): string[] {
  const found: string[] = [];
  for (const word of text.toLowerCase().match(wordPattern) ?? []) {
    const entry = colourWords.find(([words]) => words.includes(word));
    if (entry && !found.includes(entry[1])) found.push(entry[1]);
  }
  return found;
}

/** A stable number for a text, for choices that must not change between runs. */
export function stableHash(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/** A pleasant colour derived from a text: the hue from its hash, moderate saturation. */
export function colourFromText(text: string, lightness = 0.55): string {
  return hslToHex(stableHash(text) % 360, 0.55, lightness);
}

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

export function mixHex(a: string, b: string, amount: number): string {
  const from = hexToRgb(a);
  const to = hexToRgb(b);
  const mix = (x: number, y: number) => Math.round(x + (y - x) * amount);
  return rgbToHex({ r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b) });
}

function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const sectors: ReadonlyArray<readonly [number, number, number]> = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r, g, b] = sectors[sector] ?? [0, 0, 0];
  const channel = (value: number) => Math.round((value + m) * 255);
  return rgbToHex({ r: channel(r), g: channel(g), b: channel(b) });
}
