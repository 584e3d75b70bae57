/**
 * What Body Shaper can do on the local engine: contour changes a smooth warp can make for real
 * (a narrower waist, broader shoulders, wider hips, slimmer or fuller arms). Muscle definition,
 * abs, tone or skin are not contours: those looks need the AI engine and are refused before any
 * credit is taken. Pure data and text matching, shared by the style tiles and the server check.
 */

/** Width changes as fractions of the part's width: -0.08 is 8 % narrower, 0.1 is 10 % wider. */
export interface BodyAdjustments {
  shoulders: number;
  waist: number;
  hips: number;
  arms: number;
}

const adjust = (values: Partial<BodyAdjustments>): BodyAdjustments => ({ shoulders: 0, waist: 0, hips: 0, arms: 0, ...values });

/** The Body Shaper tiles (catalog.ts ids, per gender) that are contour changes, and their warps. */
export const bodyShapeAdjustments: Readonly<Record<"male" | "female", Readonly<Record<string, BodyAdjustments>>>> = {
  male: {
    slimFit: adjust({ waist: -0.2, hips: -0.11, arms: -0.13 }),
    vTaper: adjust({ shoulders: 0.2, waist: -0.2 }),
    broadShoulders: adjust({ shoulders: 0.25 }),
    swimmersBody: adjust({ shoulders: 0.18, waist: -0.14 }),
    athleticBuild: adjust({ shoulders: 0.13, waist: -0.13 }),
    dadBodToFit: adjust({ waist: -0.25, hips: -0.11 }),
    marathonRunner: adjust({ shoulders: -0.05, waist: -0.14, hips: -0.11, arms: -0.2 }),
    bulkedUp: adjust({ shoulders: 0.2, arms: 0.31 }),
    powerlifter: adjust({ shoulders: 0.18, waist: 0.07, arms: 0.25 }),
  },
  female: {
    hourglassFigure: adjust({ waist: -0.25, hips: 0.13 }),
    slimFit: adjust({ waist: -0.2, hips: -0.13, arms: -0.13 }),
    curvyConfident: adjust({ waist: -0.11, hips: 0.2 }),
    curvesEnhanced: adjust({ waist: -0.14, hips: 0.25 }),
    balancedShape: adjust({ shoulders: 0.05, waist: -0.13, hips: 0.05 }),
    runnersBuild: adjust({ waist: -0.14, hips: -0.11, arms: -0.14 }),
    dancersGrace: adjust({ waist: -0.18, arms: -0.13 }),
    tonedArms: adjust({ arms: -0.25 }),
  },
};

type Part = keyof BodyAdjustments;

/** Words for the body parts and for the two directions, in English, German, French, Spanish, Arabic. */
const partWords: ReadonlyArray<readonly [Part, readonly string[]]> = [
  ["waist", ["waist", "belly", "stomach", "tummy", "taille", "bauch", "hüfte", "ventre", "cintura", "barriga", "vientre", "خصر", "الخصر", "بطن"]],
  ["shoulders", ["shoulder", "shoulders", "schulter", "schultern", "épaule", "épaules", "hombro", "hombros", "كتف", "أكتاف", "الأكتاف", "كتفين"]],
  ["hips", ["hip", "hips", "curvy", "curves", "curvier", "hüften", "kurven", "kurvig", "hanche", "hanches", "courbes", "cadera", "caderas", "curvas", "أرداف", "ورك", "وركين", "منحنيات"]],
  ["arms", ["arm", "arms", "arme", "armen", "bras", "brazo", "brazos", "ذراع", "ذراعين", "ذراعان", "أذرع"]],
];
const slimmerWords = [
  "slim", "slimmer", "slender", "thin", "thinner", "narrow", "narrower", "smaller", "lean", "leaner", "toned", "fit", "flat", "flatter",
  "schlank", "schlanker", "schmal", "schmaler", "dünn", "dünner", "flach", "straff",
  "mince", "minces", "fin", "fine", "affiné", "étroit", "étroite", "plat", "tonique",
  "delgado", "delgada", "delgados", "fino", "fina", "estrecho", "estrecha", "plano", "tonificado", "tonificados",
  "نحيف", "نحيفة", "أنحف", "رشيق", "رشيقة", "ضيق", "مسطح",
];
const widerWords = [
  "broad", "broader", "wide", "wider", "bigger", "big", "larger", "fuller", "strong", "stronger", "muscular", "bulky",
  "breit", "breite", "breiter", "breitere", "größer", "gross", "groß", "kräftig", "muskulös",
  "large", "larges", "épais", "gros", "grosses", "musclé", "musclés",
  "ancho", "anchos", "ancha", "anchas", "grande", "grandes", "fuerte", "fuertes", "musculoso", "musculosos",
  "عريض", "عريضة", "عريضين", "أعرض", "كبير", "أكبر", "قوي", "عضلي",
];
/** Whole-body words with no part named. */
const wholeSlimmer = ["slimmer", "slim", "thinner", "thin", "schlanker", "schlank", "dünner", "mince", "minceur", "delgado", "delgada", "نحيف", "أنحف", "رشيق"];
const vShape = ["v-taper", "v-shape", "vshape", "v-form", "taper"];

const wordPattern = /[\p{L}\p{M}-]+/gu;

/**
 * Slimmer (-1) or wider (+1) for the part named at word `index`: the nearest direction word at
 * most two words away ("narrower waist", "hombros más anchos"), else the part's usual wish.
 */
function directionNear(words: readonly string[], index: number, usual: -1 | 1): -1 | 1 {
  for (let distance = 1; distance <= 2; distance += 1) {
    for (const at of [index - distance, index + distance]) {
      const word = words[at];
      if (word === undefined) continue;
      if (slimmerWords.includes(word)) return -1;
      if (widerWords.includes(word)) return 1;
    }
  }
  return usual;
}

const usualDirection: Record<Part, -1 | 1> = { waist: -1, shoulders: 1, hips: 1, arms: -1 };
const changeSize: Record<Part, { slimmer: number; wider: number }> = {
  waist: { slimmer: -0.22, wider: 0.11 },
  shoulders: { slimmer: -0.11, wider: 0.22 },
  hips: { slimmer: -0.14, wider: 0.2 },
  arms: { slimmer: -0.2, wider: 0.25 },
};

/** The warp a custom prompt asks for, or null when it names nothing the warp can do. */
export function bodyAdjustmentsInPrompt(prompt: string): BodyAdjustments | null {
  const words = prompt.toLocaleLowerCase().match(wordPattern) ?? [];
  const result = adjust({});
  if (words.some((word) => vShape.includes(word))) Object.assign(result, { shoulders: 0.2, waist: -0.2 });
  let named = false;
  words.forEach((word, index) => {
    const part = partWords.find(([, list]) => list.includes(word))?.[0];
    if (!part) return;
    named = true;
    const direction = directionNear(words, index, usualDirection[part]);
    result[part] = direction < 0 ? changeSize[part].slimmer : changeSize[part].wider;
  });
  if (!named && words.some((word) => wholeSlimmer.includes(word))) Object.assign(result, { waist: -0.2, hips: -0.13, arms: -0.13 });
  return Object.values(result).some((value) => value !== 0) ? result : null;
}

/** What a Body Shaper request warps on the local engine, or null when it is not a contour change. */
export function bodyAdjustmentsFor(gender: "male" | "female", style: string, customPrompt: string): BodyAdjustments | null {
  if (style !== "custom") return bodyShapeAdjustments[gender][style] ?? null;
  return bodyAdjustmentsInPrompt(customPrompt);
}
