import sharp, { type Sharp } from "sharp";
import { customLookId } from "../../catalog";
import type { LookInput } from "../../tools";
import { colourFromText, coloursIn } from "./colours";

/**
 * Preview hairstyle: the upper part of the photo (where the hair is in a portrait) recoloured
 * in the style's colour, fading out towards the middle. Multicolour styles get a rainbow.
 */

const styleColours: Record<string, string> = {
  blonde: "#e8c872",
  brunette: "#6b4226",
  redhead: "#b8432b",
  classicBlack: "#151515",
  dreadlocks: "#4a3020",
  afro: "#2b1b12",
  curlyAfro: "#2b1b12",
  cornrows: "#1f1510",
  pixieCut: "#8a5a3c",
  longStraight: "#3b2a1e",
  braidedBeads: "#5a3a22",
};
const multicolourStyles = new Set(["colorful", "clown"]);
const rainbow = ["#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"];

function colourStops(input: LookInput): string[] {
  if (multicolourStyles.has(input.style)) return rainbow;
  const named = coloursIn(input.customPrompt);
  if (named.length > 0) return named;
  const known = styleColours[input.style];
  if (known) return [known];
  // Styles defined by cut rather than colour, and custom prompts without a colour word.
  return [colourFromText(input.style === customLookId ? input.customPrompt : input.style, 0.4)];
}

function overlaySvg(width: number, height: number, colours: string[]): Buffer {
  const stops = colours
    .map((colour, index) => `<stop offset="${colours.length === 1 ? 0 : index / (colours.length - 1)}" stop-color="${colour}"/>`)
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="0">${stops}</linearGradient>` +
      `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/>` +
      `<stop offset="0.3" stop-color="#fff" stop-opacity="0.7"/><stop offset="0.48" stop-color="#fff" stop-opacity="0"/>` +
      `</linearGradient><mask id="m"><rect width="100%" height="100%" fill="url(#f)"/></mask></defs>` +
      `<rect width="100%" height="100%" fill="url(#c)" mask="url(#m)"/></svg>`,
  );
}

export async function renderHair(source: Buffer, input: LookInput): Promise<Sharp> {
  const { width, height } = await sharp(source).metadata();
  return sharp(source)
    .removeAlpha()
    .composite([{ input: overlaySvg(width, height, colourStops(input)), blend: "overlay" }]);
}
