import type { ColourGrade } from "../raster/colour";
import type { BackdropRecipe } from "./backdrops";

/**
 * What each of the ten headshot styles (catalog.ts ids 1-10) looks like on the local engine:
 * its backdrop, the colour grade of the person and of the whole frame, and how strongly the key
 * light falls from one side.
 */

export interface HeadshotLook {
  backdrop: BackdropRecipe;
  /** Grade of the person only (kept gentle: the face must stay the person's). */
  person: ColourGrade;
  /** Grade of the finished frame. */
  frame: ColourGrade;
  /** Brightening on the key light's side of the person, darkening on the other (0..0.15). */
  keyLight: number;
}

const grade = (values: Partial<ColourGrade>): ColourGrade => ({ exposure: 1, contrast: 1, saturation: 1, warmth: 0, fade: 0, ...values });

export const headshotLooks: Record<number, HeadshotLook> = {
  // Corporate / Executive: deep blue-grey, vignette, crisp and slightly cool.
  1: {
    backdrop: { top: "#2f3b4c", bottom: "#1b2330", glow: { colour: "#5d6f88", strength: 0.7, radius: 0.28 }, vignette: 0.55, blur: 6 },
    person: grade({ contrast: 1.06, saturation: 0.94, warmth: -0.1 }),
    frame: grade({ contrast: 1.04 }),
    keyLight: 0.1,
  },
  // LinkedIn / Business Casual: airy light grey-blue, bright and friendly.
  2: {
    backdrop: { top: "#dfe6ee", bottom: "#b9c6d4", glow: { colour: "#f4f7fa", strength: 0.7, radius: 0.3 }, vignette: 0.12, blur: 6 },
    person: grade({ exposure: 1.04, saturation: 1.02, warmth: 0.1 }),
    frame: grade({ contrast: 1.02 }),
    keyLight: 0.06,
  },
  // Studio Clean: seamless light grey paper, neutral.
  3: {
    backdrop: { top: "#ececec", bottom: "#cfcfcf", glow: { colour: "#f8f8f8", strength: 0.8, radius: 0.32 }, vignette: 0.15, blur: 4 },
    person: grade({ exposure: 1.03 }),
    frame: grade({}),
    keyLight: 0.07,
  },
  // Casual Campus: warm daylight between brick and trees, out of focus.
  4: {
    backdrop: {
      top: "#b9c3a0",
      bottom: "#8a7a62",
      glow: { colour: "#f3e2bd", strength: 0.6, radius: 0.3 },
      bands: { colours: ["#9a5b45", "#a86b50", "#c9b38e", "#6f7f52"], count: 5, opacity: 0.45 },
      bokeh: { colours: ["#dfe8c4", "#a8bf78", "#f6e6c0"], count: 26, minRadius: 0.03, maxRadius: 0.09, opacity: 0.35, band: [0, 0.55] },
      vignette: 0.2,
      blur: 9,
    },
    person: grade({ exposure: 1.03, saturation: 1.05, warmth: 0.25 }),
    frame: grade({ warmth: 0.1 }),
    keyLight: 0.08,
  },
  // Creative / Model: bold colour gradient with a coloured rim of light.
  5: {
    backdrop: {
      top: "#4a1d6b",
      bottom: "#c2417e",
      glow: { colour: "#ff8fb1", strength: 0.75, radius: 0.26 },
      bokeh: { colours: ["#ff9bd0", "#8c6cff"], count: 10, minRadius: 0.05, maxRadius: 0.14, opacity: 0.25, band: [0, 1] },
      vignette: 0.35,
      blur: 10,
    },
    person: grade({ contrast: 1.1, saturation: 1.08 }),
    frame: grade({ contrast: 1.05, saturation: 1.05 }),
    keyLight: 0.13,
  },
  // Realtor / Sales: a warm, bright interior with window glow.
  6: {
    backdrop: {
      top: "#efe1c8",
      bottom: "#c9ab83",
      glow: { colour: "#fff6e4", strength: 0.9, radius: 0.3 },
      bands: { colours: ["#f7ecd9", "#d9c09a"], count: 3, opacity: 0.35 },
      vignette: 0.18,
      blur: 10,
    },
    person: grade({ exposure: 1.04, saturation: 1.04, warmth: 0.2 }),
    frame: grade({ warmth: 0.1, contrast: 1.02 }),
    keyLight: 0.07,
  },
  // Minimal Aesthetic: flat warm off-white, soft and matte.
  7: {
    backdrop: { top: "#f2eee8", bottom: "#e2dcd3", glow: { colour: "#faf8f4", strength: 0.5, radius: 0.35 }, vignette: 0.05, blur: 4 },
    person: grade({ contrast: 0.96, saturation: 0.88 }),
    frame: grade({ fade: 0.05, saturation: 0.95 }),
    keyLight: 0.04,
  },
  // Outdoor / Natural Light: green foliage bokeh, sunlight from one side.
  8: {
    backdrop: {
      top: "#7fa36a",
      bottom: "#3f5f36",
      glow: { colour: "#f4f0c8", strength: 0.75, radius: 0.22 },
      bokeh: { colours: ["#c9e29a", "#8fbf6a", "#f2f5cf", "#5b8a45"], count: 40, minRadius: 0.03, maxRadius: 0.1, opacity: 0.5, band: [0, 1] },
      vignette: 0.25,
      blur: 10,
    },
    person: grade({ exposure: 1.04, saturation: 1.06, warmth: 0.3 }),
    frame: grade({ warmth: 0.12, saturation: 1.03 }),
    keyLight: 0.12,
  },
  // Tech / Startup: cool open-plan office, blurred windows and screens.
  9: {
    backdrop: {
      top: "#c7d6e2",
      bottom: "#5f7486",
      glow: { colour: "#eaf6ff", strength: 0.6, radius: 0.3 },
      bands: { colours: ["#e8f1f8", "#8aa2b5", "#4e6375", "#d5e6f2"], count: 6, opacity: 0.5 },
      bokeh: { colours: ["#9fe7ff", "#ffffff", "#6cc3d5"], count: 18, minRadius: 0.02, maxRadius: 0.05, opacity: 0.45, band: [0.1, 0.6] },
      vignette: 0.2,
      blur: 8,
    },
    person: grade({ contrast: 1.04, warmth: -0.12 }),
    frame: grade({ warmth: -0.12, contrast: 1.03 }),
    keyLight: 0.08,
  },
  // Modern Academic: warm library, bookshelves far behind.
  10: {
    backdrop: {
      top: "#6b5038",
      bottom: "#3a2a1d",
      glow: { colour: "#c89a64", strength: 0.55, radius: 0.3 },
      bands: { colours: ["#5a3b26", "#8a6242", "#3c2a1c", "#a27a4e", "#6d4b30"], count: 9, opacity: 0.55 },
      vignette: 0.4,
      blur: 7,
    },
    person: grade({ contrast: 1.05, warmth: 0.18 }),
    frame: grade({ warmth: 0.12, contrast: 1.03 }),
    keyLight: 0.1,
  },
};
