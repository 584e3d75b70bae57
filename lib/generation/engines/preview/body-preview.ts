import sharp, { type Sharp } from "sharp";
import { customLookId } from "../../catalog";
import type { LookInput } from "../../tools";
import { stableHash } from "./colours";

/**
 * Preview body shape: a gentle horizontal warp. Each row of the photo is stretched or squeezed
 * around the vertical centre line by a smooth profile per shape (wider shoulders for V-Taper,
 * a narrower waist for Hourglass, ...), at most about 15 %, so the person stays recognisable.
 */

/** The profiles below are written as small fractions; this makes them visible at thumbnail size. */
const strength = 1.5;

/** A bump of the profile: at `at` (0 top, 1 bottom) rows are scaled by 1 + amount. */
interface Bump {
  at: number;
  spread: number;
  amount: number;
}

const shoulders = (amount: number): Bump => ({ at: 0.3, spread: 0.1, amount });
const chest = (amount: number): Bump => ({ at: 0.4, spread: 0.08, amount });
const waist = (amount: number): Bump => ({ at: 0.55, spread: 0.08, amount });
const hips = (amount: number): Bump => ({ at: 0.7, spread: 0.1, amount });
const overall = (amount: number): Bump => ({ at: 0.55, spread: 0.5, amount });

const profiles: Record<string, readonly Bump[]> = {
  leanMuscle: [shoulders(0.04), waist(-0.04)],
  bulkedUp: [overall(0.08), shoulders(0.04)],
  athleticBuild: [shoulders(0.05), waist(-0.03)],
  swimmersBody: [shoulders(0.08), waist(-0.05)],
  bodybuilder: [shoulders(0.1), chest(0.05), waist(-0.03)],
  dadBodToFit: [waist(-0.08)],
  sixPackAbs: [waist(-0.06), chest(0.03)],
  vTaper: [shoulders(0.1), waist(-0.07)],
  beachBody: [shoulders(0.04), waist(-0.05)],
  crossfitReady: [overall(0.04), shoulders(0.04)],
  marathonRunner: [overall(-0.07)],
  powerlifter: [overall(0.1)],
  slimFit: [overall(-0.06)],
  broadShoulders: [shoulders(0.1)],
  definedArms: [chest(0.06)],
  strongBack: [shoulders(0.06), chest(0.04)],
  tonedChest: [chest(0.07)],
  hourglassFigure: [chest(0.05), waist(-0.09), hips(0.06)],
  athleticToned: [shoulders(0.03), waist(-0.05)],
  curvyConfident: [chest(0.05), hips(0.08)],
  leanStrong: [shoulders(0.04), waist(-0.05)],
  bikiniReady: [waist(-0.06), hips(0.03)],
  fitnessModel: [shoulders(0.03), waist(-0.07), hips(0.03)],
  yogaBody: [overall(-0.04)],
  pilatesToned: [waist(-0.06)],
  runnersBuild: [overall(-0.06)],
  dancersGrace: [overall(-0.05), hips(0.02)],
  muscleDefinition: [shoulders(0.05), chest(0.03)],
  curvesEnhanced: [chest(0.06), waist(-0.04), hips(0.09)],
  tonedArms: [chest(0.05)],
  strongCore: [waist(-0.05)],
  balancedShape: [shoulders(0.03), waist(-0.03), hips(0.03)],
};

/** Custom prompts (and any shape without a profile) get a stable profile from their text. */
function profileFor(input: LookInput): readonly Bump[] {
  const known = input.style === customLookId ? undefined : profiles[input.style];
  if (known) return known;
  const hash = stableHash(input.style === customLookId ? input.customPrompt : input.style);
  const sign = hash % 2 === 0 ? 1 : -1;
  return [shoulders(sign * 0.06), waist(-sign * 0.05), hips(((hash >> 3) % 7) / 100)];
}

function rowScale(bumps: readonly Bump[], y: number): number {
  return bumps.reduce((scale, bump) => scale + strength * bump.amount * Math.exp(-(((y - bump.at) / bump.spread) ** 2)), 1);
}

/** Resamples each row around the centre with linear interpolation between neighbouring pixels. */
function warpRows(pixels: Buffer, width: number, height: number, channels: number, bumps: readonly Bump[]): Buffer {
  const out = Buffer.alloc(pixels.length);
  const centre = (width - 1) / 2;
  for (let y = 0; y < height; y += 1) {
    const scale = rowScale(bumps, height > 1 ? y / (height - 1) : 0.5);
    const row = y * width * channels;
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(width - 1, Math.max(0, centre + (x - centre) / scale));
      const left = Math.floor(sourceX);
      const right = Math.min(width - 1, left + 1);
      const weight = sourceX - left;
      for (let channel = 0; channel < channels; channel += 1) {
        const a = pixels[row + left * channels + channel] ?? 0;
        const b = pixels[row + right * channels + channel] ?? 0;
        out[row + x * channels + channel] = Math.round(a + (b - a) * weight);
      }
    }
  }
  return out;
}

export async function renderBody(source: Buffer, input: LookInput): Promise<Sharp> {
  const { data, info } = await sharp(source).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const warped = warpRows(data, info.width, info.height, info.channels, profileFor(input));
  return sharp(warped, { raw: { width: info.width, height: info.height, channels: info.channels } });
}
