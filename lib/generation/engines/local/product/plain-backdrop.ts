import { boxBlur, resizeMask } from "@/lib/vision/mask-filters";
import type { RgbImage } from "@/lib/vision/raster";
import { fillSmallHoles, largestRegion } from "../raster/regions";

/**
 * Cutting a product out of a plain background, with no model. The background is judged from the
 * photo's borders: plain when nearly all of the border is smooth (no texture from one pixel to
 * the next but one) and modelled as a gradient (a linear fit per channel, so a lit seamless
 * paper or a mottled studio backdrop counts as plain). The background is then grown from the
 * border like a magic wand: through small steps of colour and close to the gradient; the rest
 * is the product (holes inside it stay product). On such a backdrop this is exact to the pixel,
 * where GrabCut's colour models would hesitate (a white booster on a light grey backdrop).
 */

interface Gradient {
  /** [channel][a, bx, by]: colour = a + bx·x + by·y (x, y in 0..1). */
  coefficients: Array<[number, number, number]>;
  /** Typical distance of (the background part of) the border from the fit. */
  noise: number;
}

function borderIndices(width: number, height: number): number[] {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.03));
  const indices: number[] = [];
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (x < band || y < band || x >= width - band || y >= height - band) indices.push(y * width + x);
    }
  }
  return indices;
}

/** Least squares of colour = a + bx·x + by·y over the border pixels (3×3 normal equations). */
function fitGradient(image: RgbImage, indices: readonly number[]): Gradient {
  const { width, height } = image;
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const rhs = [0, 1, 2].map(() => [0, 0, 0]);
  for (const index of indices) {
    const basis = [1, (index % width) / width, Math.floor(index / width) / height];
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 3; j += 1) m[i]![j]! += basis[i]! * basis[j]!;
      for (let channel = 0; channel < 3; channel += 1) rhs[channel]![i]! += basis[i]! * image.data[index * 3 + channel]!;
    }
  }
  const solve = (b: number[]): [number, number, number] => {
    const a = m.map((row, i) => [...row, b[i]!]);
    for (let col = 0; col < 3; col += 1) {
      const pivot = a[col]![col]! || 1e-9;
      for (let k = col; k < 4; k += 1) a[col]![k]! /= pivot;
      for (let row = 0; row < 3; row += 1) {
        if (row === col) continue;
        const factor = a[row]![col]!;
        for (let k = col; k < 4; k += 1) a[row]![k]! -= factor * a[col]![k]!;
      }
    }
    return [a[0]![3]!, a[1]![3]!, a[2]![3]!];
  };
  const coefficients = rhs.map(solve);
  const distances = indices.map((index) => backgroundDistance(image, index, coefficients)).sort((a, b) => a - b);
  return { coefficients, noise: Math.max(3, distances[Math.floor(distances.length * 0.4)] ?? 0) };
}

function backgroundDistance(image: RgbImage, index: number, coefficients: ReadonlyArray<readonly [number, number, number]>): number {
  const x = (index % image.width) / image.width;
  const y = Math.floor(index / image.width) / image.height;
  let sum = 0;
  for (let channel = 0; channel < 3; channel += 1) {
    const [a, bx, by] = coefficients[channel]!;
    const difference = image.data[index * 3 + channel]! - (a + bx * x + by * y);
    sum += difference * difference;
  }
  return Math.sqrt(sum);
}

/** Share of border pixels whose colour hardly changes two pixels on: above this the border is plain. */
const minimumSmoothShare = 0.84;
/** Largest colour step (any channel) the background may take from one pixel to the next. */
const maximumStep = 9;

function smoothShare(image: RgbImage, indices: readonly number[]): number {
  const { width, height, data } = image;
  let smooth = 0;
  let total = 0;
  for (const index of indices) {
    const x = index % width;
    const y = Math.floor(index / width);
    if (x + 2 >= width || y + 2 >= height) continue;
    let change = 0;
    for (let channel = 0; channel < 3; channel += 1) {
      const here = data[index * 3 + channel]!;
      change += Math.abs(here - data[(index + 2) * 3 + channel]!) + Math.abs(here - data[(index + 2 * width) * 3 + channel]!);
    }
    total += 1;
    if (change < 24) smooth += 1;
  }
  return total === 0 ? 0 : smooth / total;
}

/**
 * The backdrop grown from the border like a magic wand: through small colour steps, over pixels
 * `candidate` marks. What it does not reach is the product (holes inside it stay product).
 */
function floodFromBorder(image: RgbImage, candidate: Uint8Array): Uint8Array {
  const { width, height, data } = image;
  const background = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  const visit = (index: number, from: number) => {
    if (background[index] === 1 || candidate[index] !== 1) return;
    if (from >= 0) {
      for (let channel = 0; channel < 3; channel += 1) {
        if (Math.abs(data[index * 3 + channel]! - data[from * 3 + channel]!) > maximumStep) return;
      }
    }
    background[index] = 1;
    queue[tail++] = index;
  };
  for (let x = 0; x < width; x += 1) {
    visit(x, -1);
    visit((height - 1) * width + x, -1);
  }
  for (let y = 0; y < height; y += 1) {
    visit(y * width, -1);
    visit(y * width + width - 1, -1);
  }
  while (head < tail) {
    const index = queue[head++]!;
    const x = index % width;
    if (x > 0) visit(index - 1, index);
    if (x < width - 1) visit(index + 1, index);
    if (index >= width) visit(index - width, index);
    if (index < width * (height - 1)) visit(index + width, index);
  }
  return background;
}

/**
 * The backdrop's own colour at every pixel, spread in from the pixels judged backdrop (a wide
 * normalised blur): a mottled backdrop's blotches are in it, a product's edge is not. The blur is
 * wide, so it is done on a grid a few pixels apart and interpolated back.
 */
function localBackdrop(image: RgbImage, background: Uint8Array): Float32Array[] {
  const { width, height, data } = image;
  const step = Math.max(1, Math.round(Math.max(width, height) / 256));
  const gridWidth = Math.ceil(width / step);
  const gridHeight = Math.ceil(height / step);
  const weights = new Float32Array(gridWidth * gridHeight);
  const planes = [0, 1, 2].map(() => new Float32Array(gridWidth * gridHeight));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      if (background[index] !== 1) continue;
      const cell = Math.floor(y / step) * gridWidth + Math.floor(x / step);
      weights[cell]! += 1;
      for (let channel = 0; channel < 3; channel += 1) planes[channel]![cell]! += data[index * 3 + channel]!;
    }
  }
  const radius = Math.max(3, Math.round(Math.max(gridWidth, gridHeight) / 24));
  let spreadWeights: Float32Array = weights;
  let spread: Float32Array[] = planes;
  for (let pass = 0; pass < 3; pass += 1) {
    spreadWeights = boxBlur(spreadWeights, gridWidth, gridHeight, radius);
    spread = spread.map((plane) => boxBlur(plane, gridWidth, gridHeight, radius));
  }
  return spread.map((plane) => {
    const colour = plane.map((value, index) => (spreadWeights[index]! > 1e-4 ? value / spreadWeights[index]! : 0));
    return resizeMask({ data: colour, width: gridWidth, height: gridHeight }, width, height).data;
  });
}

/** Distance from the local backdrop above which a pixel is product. */
const localThreshold = 20;

/**
 * Two passes: the border's gradient fit gives a first backdrop; its colour spread locally
 * (blotches and all) then judges every pixel again. The gradient alone keeps bright blotches of
 * a mottled backdrop as product (ghost patches beside it) and takes a white product on a light
 * grey backdrop for backdrop.
 */
function findBackdrop(image: RgbImage, gradient: Gradient): Uint8Array {
  const { data } = image;
  const count = image.width * image.height;
  const globalThreshold = Math.max(20, gradient.noise * 1.8);
  const near = new Uint8Array(count);
  for (let index = 0; index < count; index += 1) near[index] = backgroundDistance(image, index, gradient.coefficients) < globalThreshold ? 1 : 0;
  let background = floodFromBorder(image, near);
  for (let pass = 0; pass < 4; pass += 1) {
    const [r, g, b] = localBackdrop(image, background);
    for (let index = 0; index < count; index += 1) {
      const dr = data[index * 3]! - r![index]!;
      const dg = data[index * 3 + 1]! - g![index]!;
      const db = data[index * 3 + 2]! - b![index]!;
      near[index] = dr * dr + dg * dg + db * db < localThreshold * localThreshold ? 1 : 0;
    }
    background = floodFromBorder(image, near);
  }
  return background;
}

/**
 * Fills notches narrower than about 1 % of the photo in the product's outline (a dilation, then
 * an erosion): where a product's shaded side is as light as the backdrop, the fill can creep a
 * little way into it, and the new scene would show through.
 */
function closeGaps(product: Uint8Array, width: number, height: number): Uint8Array {
  const radius = Math.max(1, Math.round(Math.max(width, height) * 0.005));
  const grown = boxBlur(Float32Array.from(product), width, height, radius).map((value) => (value > 0.01 ? 1 : 0));
  const closed = fillSmallHoles(Uint8Array.from(boxBlur(grown, width, height, radius), (value) => (value > 0.99 ? 1 : 0)), width, height);
  // One pixel more in: the fill stops partway up a soft edge, and the pixels beyond are still
  // mostly backdrop (they would ring the product in a light rim).
  return Uint8Array.from(boxBlur(Float32Array.from(closed), width, height, 1), (value) => (value > 0.99 ? 1 : 0));
}

/**
 * The product's hard mask (1 product, 0 backdrop) at the size of `image` (best about 512 px on
 * its long side), or null when the backdrop is not plain or nothing like a product stands on it.
 */
export function plainBackdropMask(image: RgbImage): Uint8Array | null {
  const { width, height } = image;
  const border = borderIndices(width, height);
  if (smoothShare(image, border) < minimumSmoothShare) return null;
  const backdrop = findBackdrop(image, fitGradient(image, border));
  const product = closeGaps(largestRegion(Uint8Array.from(backdrop, (value) => 1 - value), width, height), width, height);
  let productPixels = 0;
  for (const value of product) productPixels += value;
  // Nothing, or nearly everything, left: not a product standing on a plain background.
  const share = productPixels / product.length;
  return share < 0.02 || share > 0.9 ? null : product;
}
