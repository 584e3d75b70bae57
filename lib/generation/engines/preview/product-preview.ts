import sharp, { type Sharp } from "sharp";
import { dimensionRatios } from "../../catalog";
import type { AiProductInput } from "../../tools";
import { colourFromText, coloursIn, mixHex } from "./colours";

/**
 * Preview product photo: the product scaled into the chosen frame (auto keeps its ratio; square
 * 1:1, landscape 16:9, portrait 9:16) on a backdrop in the colours the prompt names, with a soft
 * shadow under it. A prompt without colour words gets a colour derived from its text.
 */

const longestSide = 1024;

export function productFrame(dimension: AiProductInput["dimension"], source: { width: number; height: number }) {
  const ratio = dimensionRatios[dimension].ratio ?? source.width / source.height;
  return ratio >= 1
    ? { width: longestSide, height: Math.max(1, Math.round(longestSide / ratio)) }
    : { width: Math.max(1, Math.round(longestSide * ratio)), height: longestSide };
}

function backdropColours(prompt: string): [string, string] {
  const named = coloursIn(prompt);
  const first = named[0] ?? colourFromText(prompt, 0.62);
  const second = named[1] ?? mixHex(first, "#000000", 0.35);
  return [first, second];
}

function backdropSvg(frame: { width: number; height: number }, [top, bottom]: [string, string]): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/>` +
      `<stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
}

function shadowSvg(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.45"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
      `<ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="url(#s)"/></svg>`,
  );
}

export async function renderProduct(source: Buffer, input: AiProductInput): Promise<Sharp> {
  const metadata = await sharp(source).metadata();
  const frame = productFrame(input.dimension, { width: metadata.width, height: metadata.height });
  const product = await sharp(source)
    .resize(Math.max(1, Math.round(frame.width * 0.7)), Math.max(1, Math.round(frame.height * 0.7)), {
      fit: "inside",
    })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = product.info;
  const left = Math.round((frame.width - width) / 2);
  const top = Math.max(0, Math.round((frame.height - height) / 2 - frame.height * 0.04));
  const shadowWidth = Math.max(2, Math.round(width * 1.1));
  const shadowHeight = Math.max(2, Math.round(Math.min(frame.height * 0.12, height * 0.25)));
  const shadowTop = Math.min(frame.height - shadowHeight, top + height - Math.round(shadowHeight / 2));
  return sharp(backdropSvg(frame, backdropColours(input.prompt))).composite([
    {
      input: shadowSvg(Math.min(shadowWidth, frame.width), shadowHeight),
      left: Math.max(0, Math.round((frame.width - shadowWidth) / 2)),
      top: Math.max(0, shadowTop),
    },
    { input: product.data, left, top },
  ]);
}
