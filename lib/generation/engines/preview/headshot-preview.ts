import sharp, { type Sharp } from "sharp";
import type { HeadshotInput } from "../../tools";

/**
 * Preview headshots: the subject cropped by sharp's attention strategy (it finds the most
 * salient region, usually the face), faded into a backdrop and colour-graded per style. Shot n
 * uses style n mod the chosen styles; later rounds zoom in a little and mirror, so no two shots
 * of one job are the same.
 */

interface StyleLook {
  backdrop: readonly [string, string];
  /** sharp modulate(): brightness and saturation factors, hue rotation in degrees. */
  brightness: number;
  saturation: number;
  hue: number;
  /** linear(): contrast around mid-grey. */
  contrast: number;
}

const looks: Record<number, StyleLook> = {
  1: { backdrop: ["#1f2a3a", "#3b4b63"], brightness: 1.0, saturation: 0.85, hue: 0, contrast: 1.12 }, // Corporate
  2: { backdrop: ["#d9e2ec", "#9fb3c8"], brightness: 1.05, saturation: 1.0, hue: 0, contrast: 1.04 }, // LinkedIn
  3: { backdrop: ["#f5f5f5", "#d4d4d4"], brightness: 1.08, saturation: 0.95, hue: 0, contrast: 1.0 }, // Studio Clean
  4: { backdrop: ["#c8d8a8", "#7c9a5c"], brightness: 1.06, saturation: 1.15, hue: 8, contrast: 0.98 }, // Casual Campus
  5: { backdrop: ["#3a1c4a", "#b0487a"], brightness: 0.98, saturation: 1.3, hue: -12, contrast: 1.18 }, // Creative
  6: { backdrop: ["#e8d5b0", "#b08d57"], brightness: 1.05, saturation: 1.1, hue: 5, contrast: 1.05 }, // Realtor
  7: { backdrop: ["#ece7e1", "#cfc6bb"], brightness: 1.1, saturation: 0.6, hue: 0, contrast: 0.95 }, // Minimal
  8: { backdrop: ["#a8d5f0", "#6fa86b"], brightness: 1.1, saturation: 1.2, hue: 10, contrast: 1.0 }, // Outdoor
  9: { backdrop: ["#0f2027", "#2c7a7b"], brightness: 1.0, saturation: 1.05, hue: -8, contrast: 1.1 }, // Tech
  10: { backdrop: ["#4a3b2a", "#8c6d4f"], brightness: 1.0, saturation: 0.9, hue: 4, contrast: 1.06 }, // Academic
};
const fallbackLook: StyleLook = { backdrop: ["#444", "#888"], brightness: 1, saturation: 1, hue: 0, contrast: 1 };

export const headshotSize = { width: 640, height: 800 } as const;
const subject = { width: 560, height: 700, left: 40, top: 70 } as const;

function backdropSvg(look: StyleLook): Buffer {
  const [from, to] = look.backdrop;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${headshotSize.width}" height="${headshotSize.height}">` +
      `<defs><radialGradient id="b" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="${to}"/>` +
      `<stop offset="1" stop-color="${from}"/></radialGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#b)"/></svg>`,
  );
}

/** A soft oval: the subject stays opaque in the middle and fades into the backdrop at the edges. */
const fadeMask = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${subject.width}" height="${subject.height}">` +
    `<defs><radialGradient id="m" cx="50%" cy="45%" r="55%"><stop offset="0.7" stop-color="#fff" stop-opacity="1"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#m)"/></svg>`,
);

interface RawImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Raw pixels between steps: encoding a PNG in between would cost more than the effects. */
async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * Rasterised once per process: the backdrops of the ten styles and the fade mask are the same
 * for every job, and drawing an SVG costs more than the rest of a shot.
 */
const rasterCache = new Map<string, Promise<RawImage>>();
function rasterOnce(key: string, svg: () => Buffer, alpha: boolean): Promise<RawImage> {
  let raster = rasterCache.get(key);
  if (!raster) {
    const pipeline = sharp(svg());
    raster = toRaw(alpha ? pipeline.ensureAlpha() : pipeline.removeAlpha());
    rasterCache.set(key, raster);
  }
  return raster;
}

/** The attention crop for a round of shots: round 0 as is, each later one closer and mirrored. */
async function cropSubject(source: Buffer, round: number): Promise<RawImage> {
  const zoom = 1 + Math.min(round, 4) * 0.08;
  const cropped = await toRaw(
    sharp(source).resize(Math.round(subject.width * zoom), Math.round(subject.height * zoom), {
      fit: "cover",
      position: sharp.strategy.attention,
    }),
  );
  const framed = sharp(cropped.data, { raw: cropped.raw }).resize(subject.width, subject.height, { fit: "cover", position: "centre" });
  return toRaw((round % 2 === 1 ? framed.flop() : framed).removeAlpha());
}

async function renderShot(cropped: RawImage, styleId: number, look: StyleLook): Promise<Sharp> {
  const mask = await rasterOnce("fade-mask", () => fadeMask, true);
  const backdrop = await rasterOnce(`backdrop-${styleId}`, () => backdropSvg(look), false);
  const graded = await toRaw(
    sharp(cropped.data, { raw: cropped.raw })
      .modulate({ brightness: look.brightness, saturation: look.saturation, hue: look.hue })
      .linear(look.contrast, 128 * (1 - look.contrast))
      .ensureAlpha()
      .composite([{ input: mask.data, raw: mask.raw, blend: "dest-in" }]),
  );
  return sharp(backdrop.data, { raw: backdrop.raw }).composite([
    { input: graded.data, raw: graded.raw, left: subject.left, top: subject.top },
  ]);
}

/** One image per requested shot (`shots`: their positions in the job), handed to `emit` as soon as it is composed. */
export async function renderHeadshots(
  source: Buffer,
  input: HeadshotInput,
  shots: readonly number[],
  emit: (image: Sharp) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const styles = input.styleIds.length > 0 ? input.styleIds : [1];
  const crops = new Map<number, RawImage>();
  for (const index of shots) {
    signal.throwIfAborted();
    const round = Math.floor(index / styles.length);
    let cropped = crops.get(round);
    if (!cropped) {
      cropped = await cropSubject(source, round);
      crops.set(round, cropped);
    }
    const styleId = styles[index % styles.length] ?? 1;
    await emit(await renderShot(cropped, styleId, looks[styleId] ?? fallbackLook));
  }
}
