import sharp from "sharp";
import type { RgbImage } from "@/lib/vision/raster";
import { hexToRgb, mixRgb, type Rgb } from "../raster/colour";
import { valueNoise, type Noise2D } from "../raster/noise";
import { createRgb } from "../raster/pixels";
import type { Light, Palette, SceneChoice, Surface } from "./scene-words";

/**
 * The AI Product scene, drawn procedurally: a wall and the surface the product stands on,
 * textured after the prompt's surface (marble veins, wood grain, sand, water ripples, ...),
 * tinted by its palette and lit by its light (a glow from one side, a spotlight, neon).
 */

export interface Scene {
  image: RgbImage;
  /** Where the surface meets the wall, in pixels from the top. */
  horizon: number;
  /** The key light's side: -1 from the left, 1 from the right. */
  lightSide: -1 | 1;
  /** How mirror-like the surface is (0..1): the strength of the product's reflection. */
  gloss: number;
}

const paletteWalls: Record<Palette, readonly [string, string]> = {
  neutral: ["#ece8e2", "#d6d0c7"],
  pastel: ["#f6dfe8", "#dbe3f5"],
  pink: ["#f4c9d8", "#e3a3bb"],
  blue: ["#c9dcf2", "#8fb2da"],
  green: ["#d3e6cf", "#9dbf96"],
  yellow: ["#f8ecb8", "#ecd27a"],
  orange: ["#f7d3b0", "#e79f68"],
  red: ["#e8a09a", "#b9514a"],
  purple: ["#ddd0f0", "#a98ad2"],
  black: ["#3a3a3d", "#1c1c1e"],
  white: ["#f7f7f5", "#e6e6e3"],
  beige: ["#efe4d3", "#d7c3a5"],
};

interface SurfaceLook {
  base: string;
  accent: string;
  gloss: number;
  /**
   * How much of the accent colour (0..1) at a point of the surface: x across, z away from the
   * camera, in surface units (perspective is applied by the caller, so far grain gets finer);
   * `speckle` is a fresh random number per pixel, for grain finer than any noise octave.
   */
  texture(noise: Noise2D, x: number, z: number, speckle: number): number;
}

const smoothstep = (low: number, high: number, value: number) => {
  const t = Math.min(1, Math.max(0, (value - low) / (high - low)));
  return t * t * (3 - 2 * t);
};

/** A thin line where `field` crosses a whole number, `width` wide: marble veins, plank seams. */
const line = (field: number, width: number) => 1 - smoothstep(0, width, Math.abs(field - Math.round(field)));

const surfaceLooks: Record<Surface, SurfaceLook> = {
  studio: { base: "#dcd6ce", accent: "#cfc8bf", gloss: 0.08, texture: () => 0 },
  marble: {
    base: "#f2f0ed",
    accent: "#a39e98",
    gloss: 0.22,
    // Veins follow a turbulent field: one thin main vein family, fainter hairline veins across
    // it, their strength fading in and out along their length, over a faint cloudy ground.
    texture: (noise, x, z) => {
      const turbulence = noise(x * 0.6, z * 0.6) * 1.1 + noise(x * 2.3 + 7, z * 2.3) * 0.35;
      // One slow field says where veins run strong and where the ground clouds over.
      const patch = noise(x * 0.5 + 3, z * 0.5);
      const vein = x * 0.45 + z * 0.8 + turbulence;
      const main = (line(vein, 0.035) + 0.35 * line(vein, 0.16)) * smoothstep(0.3, 0.7, patch);
      const hair = line(x * 1.6 - z * 0.7 + turbulence * 1.5 + 0.5, 0.018) * smoothstep(0.5, 0.8, 1 - patch);
      return Math.max(0, 0.45 * main + 0.3 * hair + 0.12 * (patch - 0.5));
    },
  },
  wood: {
    base: "#a87448",
    accent: "#5f3a1f",
    gloss: 0.12,
    // Boards running across the frame: grain lines bent by noise, fine fibres, a darker seam
    // between boards and each board its own shade.
    texture: (noise, x, z, speckle) => {
      const board = Math.floor(z * 1.6);
      const shade = noise(board * 3.7, 0.5) - 0.5;
      const grain = 0.5 + 0.5 * Math.sin((z * 22 + noise(x * 0.6 + board, z * 4) * 5) * Math.PI);
      const fibre = noise(x * 0.4, z * 60) - 0.5;
      const seam = line(z * 1.6, 0.03);
      return Math.min(1, Math.max(0, 0.35 + 0.3 * grain ** 3 + 0.35 * fibre + 0.5 * shade + 0.7 * seam + (speckle - 0.5) * 0.06));
    },
  },
  sand: {
    base: "#e6d1a8",
    accent: "#b99b6c",
    gloss: 0,
    // Wind ripples, soft and uneven, under a salt-and-pepper grain.
    texture: (noise, x, z, speckle) => 0.3 * Math.sin((z * 5 + x * 0.8 + noise(x * 0.8, z * 0.8) * 2.5) * Math.PI) ** 2 * noise(x * 0.5 + 9, z * 0.5) + 0.25 * noise(x * 6, z * 6) + 0.35 * speckle,
  },
  concrete: { base: "#b3b1ad", accent: "#8c8a86", gloss: 0.04, texture: (noise, x, z, speckle) => 0.6 * noise(x * 2, z * 2) + 0.25 * noise(x * 12, z * 12) + 0.2 * speckle - 0.2 },
  water: {
    base: "#2f6f9a",
    accent: "#bfe0f2",
    gloss: 0.5,
    // Small waves: light catches their crests, irregularly.
    texture: (noise, x, z) => 0.3 * smoothstep(0.6, 0.85, noise(x * 4, z * 12)) + 0.2 * noise(x * 1.2 + 4, z * 3),
  },
  leaves: { base: "#d9cdb6", accent: "#b9ab90", gloss: 0.06, texture: (noise, x, z, speckle) => 0.7 * noise(x * 3, z * 3) + 0.15 * speckle },
  fabric: {
    base: "#e9dfd2",
    accent: "#c4b49f",
    gloss: 0,
    // Soft folds and a faint weave.
    texture: (noise, x, z, speckle) => 0.5 * smoothstep(0.2, 0.8, 0.5 + 0.5 * Math.sin((z * 1.4 + x * 0.3 + noise(x * 0.5, z * 0.5) * 2.2) * Math.PI)) + 0.12 * speckle,
  },
  stone: { base: "#4d5054", accent: "#2f3134", gloss: 0.12, texture: (noise, x, z, speckle) => 0.7 * noise(x * 2.5, z * 2.5) + 0.2 * speckle },
  snow: { base: "#f4f8fc", accent: "#cfe0ee", gloss: 0.1, texture: (noise, x, z, speckle) => 0.6 * noise(x * 4, z * 4) + 0.25 * speckle * speckle },
};

interface LightLook {
  glow: string;
  strength: number;
  side: -1 | 1;
  /** Overall exposure of the scene. */
  exposure: number;
  vignette: number;
  /** A second, coloured glow on the other side (neon). */
  rim?: string;
}

const lightLooks: Record<Light, LightLook> = {
  soft: { glow: "#ffffff", strength: 0.35, side: -1, exposure: 1, vignette: 0.15 },
  morning: { glow: "#fff4e0", strength: 0.55, side: -1, exposure: 1.05, vignette: 0.12 },
  golden: { glow: "#ffb45e", strength: 0.6, side: 1, exposure: 1, vignette: 0.25 },
  dramatic: { glow: "#fff1dc", strength: 0.7, side: 1, exposure: 0.55, vignette: 0.6 },
  neon: { glow: "#ff4fb4", strength: 0.7, side: -1, exposure: 0.6, vignette: 0.4, rim: "#36c8ff" },
  bright: { glow: "#ffffff", strength: 0.4, side: -1, exposure: 1.12, vignette: 0.05 },
};

/** Drawn at half size and scaled up: the scene is soft light and texture, and this quarters the cost. */
export async function renderScene(choice: SceneChoice, width: number, height: number, random: () => number): Promise<Scene> {
  const half = drawScene(choice, Math.ceil(width / 2), Math.ceil(height / 2), random);
  focusOnProduct(half, await blurred(half.image, Math.max(2, half.image.width / 130)));
  const full = await sharp(half.image.data, { raw: { width: half.image.width, height: half.image.height, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  return { ...half, image: { data: new Uint8Array(full.buffer, full.byteOffset, full.byteLength), width, height }, horizon: Math.round((half.horizon * height) / half.image.height) };
}

async function blurred(image: RgbImage, sigma: number): Promise<Uint8Array> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).blur(sigma).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Where on the surface (0 at the wall, 1 at the bottom edge) the product stands. */
export const productDepth = 0.45;

/**
 * Depth of field, as a lens focused on the product: the wall and the far surface are out of
 * focus, the surface is sharp where the product stands and softens again towards the camera.
 * This also turns the wall-to-surface line into a real, soft table edge.
 */
function focusOnProduct(scene: Scene, soft: Uint8Array) {
  const { image, horizon } = scene;
  const { width, height, data } = image;
  for (let y = 0; y < height; y += 1) {
    const depth = y < horizon ? -1 : (y - horizon) / (height - horizon);
    const blur = depth < 0 ? 1 : depth < productDepth ? smoothstep(productDepth * 0.85, 0, depth) : 0.5 * smoothstep(productDepth + 0.2, 1, depth);
    if (blur <= 0) continue;
    for (let index = y * width * 3; index < (y + 1) * width * 3; index += 1) data[index] = data[index]! + (soft[index]! - data[index]!) * blur;
  }
}

function drawScene(choice: SceneChoice, width: number, height: number, random: () => number): Scene {
  const light = lightLooks[choice.light];
  const surface = surfaceLooks[choice.surface];
  const wallTop = hexToRgb(paletteWalls[choice.palette][0]);
  const wallBottom = hexToRgb(paletteWalls[choice.palette][1]);
  const tint = choice.palette === "neutral" ? null : wallBottom;
  const base = tint ? mixRgb(hexToRgb(surface.base), tint, 0.25) : hexToRgb(surface.base);
  const accent = hexToRgb(surface.accent);
  const glow = hexToRgb(light.glow);
  const rim = light.rim ? hexToRgb(light.rim) : null;
  const noise = valueNoise(random);
  const leafNoise = choice.surface === "leaves" ? valueNoise(random, 3) : null;
  const horizon = Math.round(height * (width >= height ? 0.6 : 0.64));
  const image = createRgb(width, height);
  const studio = choice.surface === "studio";
  // The surface in perspective: units across and away from the camera, the same for every frame shape.
  const unitsAcross = 3 * Math.max(1, width / height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const v = y / height;
      let colour: Rgb;
      if (y < horizon || studio) {
        colour = mixRgb(wallTop, wallBottom, Math.min(1, v / (horizon / height)));
        if (leafNoise) {
          // Foliage behind the product, out of focus: light and dark greens with the wall between.
          const leaf = leafNoise(u * 11, v * 11);
          const green = mixRgb([38, 84, 42], [96, 150, 78], smoothstep(0.35, 0.7, leaf));
          colour = mixRgb(colour, green, 0.92 * smoothstep(0.1, 0.55, leaf));
        }
        if (studio && y >= horizon) colour = mixRgb(colour, base, Math.min(1, (y - horizon) / (height - horizon)) * 0.6);
      } else {
        const depth = (y - horizon + 0.5) / (height - horizon);
        const distance = 1 / (depth + 0.12);
        const grain = surface.texture(noise, (u - 0.5) * unitsAcross * distance + 20, distance * 1.5, random());
        colour = mixRgb(base, accent, Math.min(1, Math.max(0, grain)));
        // A glossy surface mirrors the wall more at grazing angles (towards the wall), as glass and water do.
        colour = mixRgb(colour, mixRgb(wallTop, wallBottom, 0.7), surface.gloss * (1 - depth) ** 3);
        // The surface darkens a little towards the wall, as its far edge receives less light.
        colour = mixRgb(colour, [0, 0, 0], 0.12 * (1 - depth));
      }
      const dx = u - (0.5 + light.side * 0.35);
      const dy = v - 0.3;
      const glowAmount = light.strength * Math.exp(-(dx * dx + dy * dy) / 0.12);
      colour = mixRgb(colour, glow, glowAmount);
      if (rim) {
        const rx = u - (0.5 - light.side * 0.4);
        colour = mixRgb(colour, rim, 0.6 * Math.exp(-(rx * rx + dy * dy) / 0.08));
      }
      const cx = (u - 0.5) * 2;
      const cy = (v - 0.45) * 2;
      const shade = light.exposure * (1 - light.vignette * Math.min(1, (cx * cx + cy * cy) / 2));
      const offset = (y * width + x) * 3;
      image.data[offset] = Math.min(255, colour[0] * shade);
      image.data[offset + 1] = Math.min(255, colour[1] * shade);
      image.data[offset + 2] = Math.min(255, colour[2] * shade);
    }
  }
  return { image, horizon, lightSide: light.side, gloss: surface.gloss };
}
