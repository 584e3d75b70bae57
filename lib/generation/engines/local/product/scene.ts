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
  texture(noise: Noise2D, u: number, v: number): number;
}

const surfaceLooks: Record<Surface, SurfaceLook> = {
  studio: { base: "#dcd6ce", accent: "#cfc8bf", gloss: 0.08, texture: () => 0 },
  marble: {
    base: "#f1efec",
    accent: "#9d9a96",
    gloss: 0.3,
    texture: (noise, u, v) => 0.65 * Math.abs(Math.sin((u * 3 + v * 1.5 + noise(u * 4, v * 4) * 3.2) * Math.PI)) ** 30,
  },
  wood: {
    base: "#a87448",
    accent: "#6e4526",
    gloss: 0.14,
    texture: (noise, u, v) => 0.5 + 0.5 * Math.sin((v * 38 + noise(u * 2, v * 30) * 6) * Math.PI) * (0.6 + 0.4 * noise(u * 10, v * 2)),
  },
  sand: { base: "#e4cfa5", accent: "#c5a878", gloss: 0, texture: (noise, u, v) => noise(u * 40, v * 60) * 0.6 + 0.4 * Math.sin((v * 14 + noise(u * 3, v * 3) * 2) * Math.PI) ** 2 },
  concrete: { base: "#b3b1ad", accent: "#8c8a86", gloss: 0.04, texture: (noise, u, v) => noise(u * 12, v * 12) },
  water: { base: "#3f86b8", accent: "#cde8f6", gloss: 0.55, texture: (noise, u, v) => Math.max(0, Math.sin((v * 60 + noise(u * 6, v * 6) * 4) * Math.PI)) ** 8 },
  leaves: { base: "#d9cdb6", accent: "#b9ab90", gloss: 0.06, texture: (noise, u, v) => noise(u * 10, v * 10) },
  fabric: { base: "#e9dfd2", accent: "#c9bba8", gloss: 0, texture: (noise, u, v) => 0.5 + 0.5 * Math.sin((u * 5 + noise(u * 2, v * 2) * 2.5) * Math.PI) },
  stone: { base: "#4d5054", accent: "#2f3134", gloss: 0.12, texture: (noise, u, v) => noise(u * 8, v * 8) },
  snow: { base: "#f4f8fc", accent: "#cfe0ee", gloss: 0.1, texture: (noise, u, v) => noise(u * 30, v * 30) },
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
  const full = await sharp(half.image.data, { raw: { width: half.image.width, height: half.image.height, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  return { ...half, image: { data: new Uint8Array(full.buffer, full.byteOffset, full.byteLength), width, height }, horizon: Math.round((half.horizon * height) / half.image.height) };
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
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const v = y / height;
      let colour: Rgb;
      if (y < horizon || studio) {
        colour = mixRgb(wallTop, wallBottom, Math.min(1, v / (horizon / height)));
        if (leafNoise) {
          const leaf = leafNoise(u * 7, v * 7);
          colour = mixRgb(colour, leaf > 0.55 ? [70, 122, 60] : [38, 80, 40], Math.min(1, Math.abs(leaf - 0.5) * 3));
        }
        if (studio && y >= horizon) colour = mixRgb(colour, base, Math.min(1, (y - horizon) / (height - horizon)) * 0.6);
      } else {
        const depth = (y - horizon) / (height - horizon);
        const grain = surface.texture(noise, u, 0.2 + depth * 0.8);
        colour = mixRgb(base, accent, Math.min(1, grain));
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
  // A hard wall-to-surface line reads as a table edge; a few pixels of blur make it a real one.
  if (!studio) softenLine(image, horizon);
  return { image, horizon, lightSide: light.side, gloss: surface.gloss };
}

function softenLine(image: RgbImage, y: number) {
  const { width, data } = image;
  for (let row = Math.max(1, y - 2); row < Math.min(image.height - 1, y + 2); row += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let channel = 0; channel < 3; channel += 1) {
        const index = (row * width + x) * 3 + channel;
        data[index] = (data[index - width * 3]! + data[index]! + data[index + width * 3]!) / 3;
      }
    }
  }
}
