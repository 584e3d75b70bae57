import { createMask, type Mask } from "./raster";

/**
 * Filters on single-channel planes that the vision results need: box blur, bilinear resize and
 * the guided filter (He, Sun and Tang 2010), which snaps a coarse mask to the photo's own edges.
 * All run in linear time on plain arrays.
 */

/** One running-sum pass along lines of `length` values, `stride` apart, `lines` of them `step` apart. */
function boxPass(source: Float32Array, target: Float32Array, length: number, stride: number, lines: number, step: number, r: number) {
  const scale = 1 / (2 * r + 1);
  const last = length - 1;
  for (let line = 0; line < lines; line += 1) {
    const base = line * step;
    const first = source[base]!;
    const end = source[base + last * stride]!;
    // The window starts centred on 0 with the edge value repeated on the left.
    let sum = first * (r + 1);
    for (let i = 1; i <= r; i += 1) sum += source[base + Math.min(i, last) * stride]!;
    for (let i = 0; i < length; i += 1) {
      target[base + i * stride] = sum * scale;
      const incoming = i + r + 1 <= last ? source[base + (i + r + 1) * stride]! : end;
      const outgoing = i - r >= 0 ? source[base + (i - r) * stride]! : first;
      sum += incoming - outgoing;
    }
  }
}

/** Mean over a (2r+1)² window, edges clamped; two separable running-sum passes. */
export function boxBlur(source: Float32Array, width: number, height: number, radius: number): Float32Array {
  const r = Math.max(1, Math.round(radius));
  const horizontal = new Float32Array(source.length);
  boxPass(source, horizontal, width, 1, height, width, r);
  const result = new Float32Array(source.length);
  boxPass(horizontal, result, height, width, width, 1, r);
  return result;
}

/** Bilinear resize of a mask (used to bring the model's 256×256 output to the photo's size). */
export function resizeMask(mask: Mask, width: number, height: number): Mask {
  const result = createMask(width, height);
  const scaleX = mask.width / width;
  const scaleY = mask.height / height;
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(mask.height - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(mask.height - 1, y0 + 1);
    const fy = sourceY - y0;
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(mask.width - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(mask.width - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = (mask.data[y0 * mask.width + x0] ?? 0) * (1 - fx) + (mask.data[y0 * mask.width + x1] ?? 0) * fx;
      const bottom = (mask.data[y1 * mask.width + x0] ?? 0) * (1 - fx) + (mask.data[y1 * mask.width + x1] ?? 0) * fx;
      result.data[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return result;
}

/**
 * Edge-aware smoothing of `input` guided by `guide` (both 0..1, same size): the output follows
 * the guide's edges where the input changes, e.g. a person mask hugging the hair line.
 */
export function guidedFilter(guide: Float32Array, input: Float32Array, width: number, height: number, radius: number, epsilon: number): Float32Array {
  const count = guide.length;
  const guideSquared = new Float32Array(count);
  const guideTimesInput = new Float32Array(count);
  for (let index = 0; index < count; index += 1) {
    const g = guide[index] ?? 0;
    guideSquared[index] = g * g;
    guideTimesInput[index] = g * (input[index] ?? 0);
  }
  const meanGuide = boxBlur(guide, width, height, radius);
  const meanInput = boxBlur(input, width, height, radius);
  const meanGuideSquared = boxBlur(guideSquared, width, height, radius);
  const meanGuideTimesInput = boxBlur(guideTimesInput, width, height, radius);
  const a = new Float32Array(count);
  const b = new Float32Array(count);
  for (let index = 0; index < count; index += 1) {
    const mg = meanGuide[index] ?? 0;
    const variance = (meanGuideSquared[index] ?? 0) - mg * mg;
    const covariance = (meanGuideTimesInput[index] ?? 0) - mg * (meanInput[index] ?? 0);
    const slope = covariance / (variance + epsilon);
    a[index] = slope;
    b[index] = (meanInput[index] ?? 0) - slope * mg;
  }
  const meanA = boxBlur(a, width, height, radius);
  const meanB = boxBlur(b, width, height, radius);
  const output = new Float32Array(count);
  for (let index = 0; index < count; index += 1) {
    output[index] = Math.min(1, Math.max(0, (meanA[index] ?? 0) * (guide[index] ?? 0) + (meanB[index] ?? 0)));
  }
  return output;
}

/** Maps values through a smooth step between `low` and `high` (a softer or harder matte edge). */
export function smoothstepMask(mask: Mask, low: number, high: number): Mask {
  const result = createMask(mask.width, mask.height);
  const span = Math.max(1e-6, high - low);
  for (let index = 0; index < mask.data.length; index += 1) {
    const t = Math.min(1, Math.max(0, ((mask.data[index] ?? 0) - low) / span));
    result.data[index] = t * t * (3 - 2 * t);
  }
  return result;
}
