import { encodeRgb } from "@/lib/images/rgb-raster";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { resizeMask, smoothstepMask } from "@/lib/vision/mask-filters";
import type { HeadshotInput } from "../../../tools";
import { applyGrade } from "../raster/colour";
import { decontaminateEdges } from "../raster/matting";
import { blurMask, compositeInto, resampleRegion } from "../raster/pixels";
import { seededRandom } from "../raster/random";
import type { LocalRenderContext } from "../render-context";
import { analyseSubject, headTopOf, type Subject } from "../subject";
import { renderBackdrop } from "./backdrops";
import { headshotFrame, headshotSize } from "./framing";
import { headshotLooks } from "./headshot-looks";
import { smoothFaceSkin } from "./skin-smoothing";

/**
 * Headshot Pro on the local engine: the person cut out with a soft matte, framed head and
 * shoulders, lit from one side, graded and set before the style's own backdrop with a soft
 * shadow behind. Shot n uses style n mod the chosen styles and framing variation n.
 */

/** Brightens the key light's side of the person and darkens the other, in place. */
function lightFromSide(image: { data: Uint8Array; width: number; height: number }, alpha: Mask, side: number, strength: number) {
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const index = y * image.width + x;
      const a = alpha.data[index]!;
      if (a <= 0) continue;
      const gain = 1 + strength * side * ((x / image.width) * 2 - 1) * a;
      for (let channel = 0; channel < 3; channel += 1) {
        image.data[index * 3 + channel] = Math.min(255, image.data[index * 3 + channel]! * gain);
      }
    }
  }
}

/** Darkens the backdrop under a blurred, shifted copy of the person: the person stands in the room. */
function castShadow(backdrop: { data: Uint8Array; width: number; height: number }, alpha: Mask, side: number) {
  const { width, height } = backdrop;
  // Blurred at a quarter of the size: a shadow this soft has no detail to lose.
  const small = resizeMask(alpha, Math.ceil(width / 4), Math.ceil(height / 4));
  const shadow = resizeMask(blurMask(small, width / 160), width, height);
  const dx = Math.round(-side * width * 0.03);
  const dy = Math.round(height * 0.01);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = x - dx;
      const sy = y - dy;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      const darkness = 0.22 * shadow.data[sy * width + sx]!;
      const index = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) backdrop.data[index + channel] = backdrop.data[index + channel]! * (1 - darkness);
    }
  }
}

/** The person as every shot uses them: edge colours cleaned and face skin smoothed, once per job. */
interface PreparedPerson {
  subject: Subject;
  person: RgbImage;
  alpha: Mask;
  headTop: number;
}

function preparePerson(subject: Subject): PreparedPerson {
  const person = { ...subject.image, data: Uint8Array.from(subject.image.data) };
  const alpha = smoothstepMask(subject.personMask, 0.4, 0.9);
  decontaminateEdges(person, alpha);
  smoothFaceSkin(person, subject.face, 0.55);
  return { subject, person, alpha, headTop: headTopOf(subject) };
}

async function renderShot(prepared: PreparedPerson, styleId: number, shot: number, seed: string): Promise<Buffer> {
  const look = headshotLooks[styleId] ?? headshotLooks[3]!;
  const { subject } = prepared;
  const frame = headshotFrame(subject.face, prepared.headTop, subject.image, shot);
  const { width, height } = headshotSize;
  const { image: person, mask: alpha } = resampleRegion(prepared.person, prepared.alpha, frame.rect, width, height);
  applyGrade(person, look.person, alpha);
  lightFromSide(person, alpha, frame.lightSide, look.keyLight);

  const backdrop = await renderBackdrop(look.backdrop, width, height, frame.lightSide, seededRandom(`${seed}:${shot}`));
  castShadow(backdrop, alpha, frame.lightSide);
  compositeInto(backdrop, person, alpha, 0.35);
  applyGrade(backdrop, look.frame);
  return encodeRgb(backdrop, "png");
}

/** The shots at these positions of the job (all of them, or the ones made again). */
export async function renderHeadshots(bytes: Uint8Array, input: HeadshotInput, positions: readonly number[], context: LocalRenderContext): Promise<Uint8Array[]> {
  const subject = await analyseSubject(bytes, { pose: false, failureKey: "headshot" });
  const prepared = preparePerson(subject);
  context.progress(0.25);
  const styles = input.styleIds.length > 0 ? input.styleIds : [3];
  const shots: Uint8Array[] = [];
  for (const shot of positions) {
    context.signal.throwIfAborted();
    const styleId = styles[shot % styles.length]!;
    // Each style's shots walk through the framing variations on their own.
    shots.push(await renderShot(prepared, styleId, Math.floor(shot / styles.length) + styleId, context.seed));
    context.progress(0.25 + (0.75 * shots.length) / positions.length);
  }
  return shots;
}

