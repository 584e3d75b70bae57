import type { Pose, PoseKeypointName } from "@/lib/vision/people";
import type { Mask, Point, RgbImage } from "@/lib/vision/raster";
import { createRgb } from "../raster/pixels";
import type { BodyAdjustments } from "./body-shapes";

/**
 * Liquify-style warps driven by the pose: each change is a "pinch" that pulls the picture
 * towards (narrower) or away from (wider) a body axis, strongest at the body's outline and
 * fading smoothly into the background, so person and background move together and no hole
 * opens. Output pixels sample the photo at displaced positions (inverse mapping), bilinear.
 */

export interface Pinch {
  centre: Point;
  /** Unit vector of the direction that gets narrower or wider (across the body part). */
  across: Point;
  /** Half the part's width along `across`, in pixels (where the outline is). */
  halfWidth: number;
  /** How far along the part the change reaches (Gaussian sigma), in pixels. */
  reach: number;
  /** Outline displacement as a fraction of halfWidth: negative narrows, positive widens. */
  change: number;
}

/**
 * φ(u): the body (|u| ≤ 1) moves as a whole, its outline by exactly `change`, and the warp is
 * gone within `falloff` body half-widths outside the outline, so nearby background (a tripod,
 * a door frame) stays straight; only a thin strip next to the outline stretches or squeezes.
 */
const falloff = 0.6;
const profile = (u: number) => {
  const outside = Math.abs(u) - 1;
  if (outside <= 0) return u;
  const t = Math.min(1, outside / falloff);
  return Math.sign(u) * (1 - t * t * (3 - 2 * t));
};

/** The displacement one pinch asks of the source position for output pixel (x, y). */
function pinchOffset(pinch: Pinch, x: number, y: number): [number, number] {
  const dx = x - pinch.centre.x;
  const dy = y - pinch.centre.y;
  const u = (dx * pinch.across.x + dy * pinch.across.y) / pinch.halfWidth;
  const v = (-dx * pinch.across.y + dy * pinch.across.x) / pinch.reach;
  if (Math.abs(u) > 1 + falloff || Math.abs(v) > 3.5) return [0, 0];
  // Narrowing samples from further out; the amount is set so the outline moves by `change`.
  const amount = -pinch.change * pinch.halfWidth * profile(u) * Math.exp(-(v * v) / 2);
  return [pinch.across.x * amount, pinch.across.y * amount];
}

/** The displacement field is smooth, so it is computed every few pixels and interpolated between. */
const fieldStep = 4;

/** The source offset of every fieldStep-th pixel, with the protected area (the face) held still. */
function displacementField(width: number, height: number, pinches: readonly Pinch[], protect: Mask) {
  const columns = Math.ceil(width / fieldStep) + 1;
  const rows = Math.ceil(height / fieldStep) + 1;
  const dx = new Float32Array(columns * rows);
  const dy = new Float32Array(columns * rows);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const x = Math.min(width - 1, column * fieldStep);
      const y = Math.min(height - 1, row * fieldStep);
      const keep = 1 - (protect.data[y * width + x] ?? 0);
      if (keep <= 0) continue;
      let ox = 0;
      let oy = 0;
      for (const pinch of pinches) {
        const [px, py] = pinchOffset(pinch, x, y);
        ox += px;
        oy += py;
      }
      dx[row * columns + column] = ox * keep;
      dy[row * columns + column] = oy * keep;
    }
  }
  return { dx, dy, columns };
}

export function warpImage(image: RgbImage, pinches: readonly Pinch[], protect: Mask): RgbImage {
  const { width, height, data } = image;
  const output = createRgb(width, height);
  const field = displacementField(width, height, pinches, protect);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / fieldStep);
    const ty = y / fieldStep - row;
    for (let x = 0; x < width; x += 1) {
      const column = Math.floor(x / fieldStep);
      const tx = x / fieldStep - column;
      const i00 = row * field.columns + column;
      const i10 = i00 + 1;
      const i01 = i00 + field.columns;
      const i11 = i01 + 1;
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      const sx = x + field.dx[i00]! * w00 + field.dx[i10]! * w10 + field.dx[i01]! * w01 + field.dx[i11]! * w11;
      const sy = y + field.dy[i00]! * w00 + field.dy[i10]! * w10 + field.dy[i01]! * w01 + field.dy[i11]! * w11;
      const cx = Math.min(width - 1, Math.max(0, sx));
      const cy = Math.min(height - 1, Math.max(0, sy));
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = cx - x0;
      const fy = cy - y0;
      const out = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = data[(y0 * width + x0) * 3 + channel]! * (1 - fx) + data[(y0 * width + x1) * 3 + channel]! * fx;
        const bottom = data[(y1 * width + x0) * 3 + channel]! * (1 - fx) + data[(y1 * width + x1) * 3 + channel]! * fx;
        output.data[out + channel] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return output;
}

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const unit = (a: Point, b: Point): Point => {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
};

/** Half the person's width across `across` through `centre`, measured on the matte. */
function halfWidthOnMask(mask: Mask, centre: Point, across: Point, fallback: number): number {
  const measure = (direction: number) => {
    for (let step = 1; step < mask.width; step += 1) {
      const x = Math.round(centre.x + across.x * step * direction);
      const y = Math.round(centre.y + across.y * step * direction);
      if (x < 0 || y < 0 || x >= mask.width || y >= mask.height) return step;
      if (mask.data[y * mask.width + x]! < 0.5) return step;
    }
    return fallback;
  };
  const half = (measure(1) + measure(-1)) / 2;
  return half > fallback * 0.4 && half < fallback * 3 ? half : fallback;
}

/** The pinches for the requested changes, placed on this person's keypoints; null without a torso. */
export function bodyPinches(pose: Pose | null, mask: Mask, adjustments: BodyAdjustments): Pinch[] | null {
  const at = (name: PoseKeypointName) => pose?.[name]?.position;
  const leftShoulder = at("leftShoulder");
  const rightShoulder = at("rightShoulder");
  const leftHip = at("leftHip");
  const rightHip = at("rightHip");
  if (!leftShoulder || !rightShoulder || !leftHip || !rightHip) return null;
  const shoulders = mid(leftShoulder, rightShoulder);
  const hips = mid(leftHip, rightHip);
  const torso = Math.hypot(hips.x - shoulders.x, hips.y - shoulders.y);
  const down = unit(shoulders, hips);
  const across = { x: -down.y, y: down.x };
  const along = (t: number): Point => ({ x: shoulders.x + (hips.x - shoulders.x) * t, y: shoulders.y + (hips.y - shoulders.y) * t });
  const shoulderHalf = Math.hypot(rightShoulder.x - leftShoulder.x, rightShoulder.y - leftShoulder.y) / 2;
  const hipHalf = Math.hypot(rightHip.x - leftHip.x, rightHip.y - leftHip.y) / 2;
  const pinches: Pinch[] = [];
  const torsoPinch = (t: number, reach: number, change: number, fallback: number) => {
    if (change === 0) return;
    const centre = along(t);
    pinches.push({ centre, across, halfWidth: halfWidthOnMask(mask, centre, across, fallback), reach: torso * reach, change });
  };
  torsoPinch(0.02, 0.16, adjustments.shoulders, shoulderHalf * 1.15);
  torsoPinch(0.68, 0.16, adjustments.waist, hipHalf * 1.3);
  torsoPinch(1.08, 0.14, adjustments.hips, hipHalf * 1.5);
  if (adjustments.arms !== 0) {
    for (const side of ["left", "right"] as const) {
      const shoulder = at(`${side}Shoulder`);
      const elbow = at(`${side}Elbow`);
      const wrist = at(`${side}Wrist`);
      const segments: Array<[Point, Point]> = [];
      if (shoulder && elbow) segments.push([shoulder, elbow]);
      if (elbow && wrist) segments.push([elbow, wrist]);
      for (const [from, to] of segments) {
        const direction = unit(from, to);
        const length = Math.hypot(to.x - from.x, to.y - from.y);
        const centre = mid(from, to);
        const armAcross = { x: -direction.y, y: direction.x };
        pinches.push({ centre, across: armAcross, halfWidth: halfWidthOnMask(mask, centre, armAcross, length * 0.14), reach: length * 0.38, change: adjustments.arms });
      }
    }
  }
  return pinches;
}
