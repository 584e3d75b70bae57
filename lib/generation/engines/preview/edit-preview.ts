import sharp, { type Sharp } from "sharp";
import type { EditJobInput } from "../../edit-input";
import { coloursIn, stableHash } from "./colours";

/**
 * Preview edit: a change anyone can see, decided by the prompt. Colour words tint the whole
 * image in that colour; otherwise the hues turn by an angle taken from the prompt's text. A
 * light vignette marks every edit, so even a subtle prompt visibly changes the picture.
 */

function vignetteSvg(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><radialGradient id="v" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
}

export async function renderEdit(source: Buffer, input: EditJobInput): Promise<Sharp> {
  const colour = coloursIn(input.prompt)[0];
  const changed = sharp(source).removeAlpha();
  // tint() keeps the light and shade and replaces the colours, which reads as "made it blue".
  if (colour) changed.tint(colour);
  else changed.modulate({ hue: 40 + (stableHash(input.prompt) % 240) });
  const { data, info } = await changed.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return sharp(data, { raw }).composite([{ input: vignetteSvg(info.width, info.height), blend: "over" }]);
}
