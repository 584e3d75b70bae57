/**
 * The option catalogues of the tools (spec §2, §3, §9). Ids are stable and stored with each
 * generation; `name` is the English label the image prompts use, and the UI shows the
 * translation under `catalog.*` in messages.
 */

export const genders = ["male", "female"] as const;
export type Gender = (typeof genders)[number];

export const ageRanges = ["below_18", "18_25", "26_35", "36_45", "46_plus"] as const;
export type AgeRange = (typeof ageRanges)[number];
export const ageRangeNames: Record<AgeRange, string> = {
  below_18: "Below 18",
  "18_25": "18–25",
  "26_35": "26–35",
  "36_45": "36–45",
  "46_plus": "46+",
};

export interface HeadshotStyle {
  id: number;
  key: string;
  name: string;
}

/** Ids 1-10, the same names for both genders; each gender has its own sample images. */
export const headshotStyles: readonly HeadshotStyle[] = [
  { id: 1, key: "corporateExecutive", name: "Corporate / Executive" },
  { id: 2, key: "linkedinBusinessCasual", name: "LinkedIn / Business Casual" },
  { id: 3, key: "studioClean", name: "Studio Clean" },
  { id: 4, key: "casualCampus", name: "Casual Campus" },
  { id: 5, key: "creativeModel", name: "Creative / Model" },
  { id: 6, key: "realtorSales", name: "Realtor / Sales" },
  { id: 7, key: "minimalAesthetic", name: "Minimal Aesthetic" },
  { id: 8, key: "outdoorNaturalLight", name: "Outdoor / Natural Light" },
  { id: 9, key: "techStartup", name: "Tech / Startup" },
  { id: 10, key: "modernAcademic", name: "Modern Academic" },
];
export const defaultHeadshotStyleIds = [1, 2, 3, 4] as const;
export const maxHeadshotStyles = 5;

/** A style tile of Hair Changer or Body Shaper. */
export interface LookOption {
  id: string;
  name: string;
  emoji?: string;
}

const looks = (entries: ReadonlyArray<readonly [string, string, string?]>): readonly LookOption[] =>
  entries.map(([id, name, emoji]) => (emoji ? { id, name, emoji } : { id, name }));

export const hairStyles: Record<Gender, readonly LookOption[]> = {
  female: looks([
    ["blonde", "Blonde"], ["brunette", "Brunette"], ["curly", "Curly"], ["short", "Short"], ["long", "Long"],
    ["afro", "Afro"], ["waves", "Waves"], ["dreadlocks", "Dreadlocks"], ["ponytail", "Ponytail"],
    ["curlyBob", "Curly Bob"], ["sweptBangs", "Swept Bangs"], ["headband", "Headband"], ["braided", "Braided"],
    ["redhead", "Redhead"], ["pixieCut", "Pixie Cut"], ["colorful", "Colorful"], ["clown", "Clown"],
  ]),
  male: looks([
    ["blonde", "Blonde"], ["classicShort", "Classic Short"], ["classicBlack", "Classic Black"],
    ["sidePart", "Side Part"], ["undercut", "Undercut"], ["spiky", "Spiky"], ["messy", "Messy"],
    ["manBun", "Man Bun"], ["lowPonytail", "Low Ponytail"], ["longStraight", "Long Straight"],
    ["headband", "Headband"], ["dreadlocks", "Dreadlocks"], ["curlyAfro", "Curly Afro"], ["curly", "Curly"],
    ["cornrows", "Cornrows"], ["colorful", "Colorful"], ["braidedPonytail", "Braided Ponytail"],
    ["braidedBeads", "Braided Beads"],
  ]),
};

export const bodyShapes: Record<Gender, readonly LookOption[]> = {
  male: looks([
    ["leanMuscle", "Lean Muscle", "💪"], ["bulkedUp", "Bulked Up", "🏋️"], ["athleticBuild", "Athletic Build", "🏃"],
    ["swimmersBody", "Swimmer's Body", "🏊"], ["bodybuilder", "Bodybuilder", "🥇"], ["dadBodToFit", "Dad Bod to Fit", "🔄"],
    ["sixPackAbs", "Six Pack Abs", "🍫"], ["vTaper", "V-Taper", "🔻"], ["beachBody", "Beach Body", "🏖️"],
    ["crossfitReady", "Crossfit Ready", "🤸"], ["marathonRunner", "Marathon Runner", "🏅"], ["powerlifter", "Powerlifter", "🏋️‍♂️"],
    ["slimFit", "Slim Fit", "👔"], ["broadShoulders", "Broad Shoulders", "🦾"], ["definedArms", "Defined Arms", "💪"],
    ["strongBack", "Strong Back", "🔙"], ["tonedChest", "Toned Chest", "🛡️"],
  ]),
  female: looks([
    ["hourglassFigure", "Hourglass Figure", "⏳"], ["athleticToned", "Athletic Toned", "🏃‍♀️"],
    ["curvyConfident", "Curvy Confident", "💃"], ["leanStrong", "Lean & Strong", "💪"], ["bikiniReady", "Bikini Ready", "👙"],
    ["fitnessModel", "Fitness Model", "📸"], ["yogaBody", "Yoga Body", "🧘‍♀️"], ["pilatesToned", "Pilates Toned", "🤸‍♀️"],
    ["runnersBuild", "Runner's Build", "🏅"], ["dancersGrace", "Dancer's Grace", "🩰"], ["beachBody", "Beach Body", "🏖️"],
    ["slimFit", "Slim Fit", "👗"], ["muscleDefinition", "Muscle Definition", "🏋️‍♀️"], ["curvesEnhanced", "Curves Enhanced", "✨"],
    ["tonedArms", "Toned Arms", "💪"], ["strongCore", "Strong Core", "🎯"], ["balancedShape", "Balanced Shape", "⚖️"],
  ]),
};

/** The id of the "Custom Prompt" tile of Hair Changer and Body Shaper. */
export const customLookId = "custom";
export const customPromptWordLimit = 10;

export const outputDimensions = ["auto", "square", "landscape", "portrait"] as const;
export type OutputDimension = (typeof outputDimensions)[number];

/**
 * How AI Product shows the product (issue 37): cut out and standing in the scene, or, chosen at
 * step 1 for a photo whose cut-out is not trusted, the whole photo as a framed print in it.
 */
export const productPresentations = ["cutout", "framed"] as const;
export type ProductPresentation = (typeof productPresentations)[number];

/** Whether a generation's stored input asked for the framed print. */
export function isFramedProduct(input: unknown): boolean {
  return typeof input === "object" && input !== null && "presentation" in input && input.presentation === "framed";
}

/** Spec §9: landscape and portrait are 16:9 / 9:16 when chosen, shown as 4:3 / 3:4 on review. */
export const dimensionRatios: Record<OutputDimension, { choice: string | null; review: string | null; ratio: number | null }> = {
  auto: { choice: null, review: null, ratio: null },
  square: { choice: "1:1", review: "1:1", ratio: 1 },
  landscape: { choice: "16:9", review: "4:3", ratio: 16 / 9 },
  portrait: { choice: "9:16", review: "3:4", ratio: 9 / 16 },
};

export function findLook(options: Record<Gender, readonly LookOption[]>, gender: Gender, id: string) {
  return options[gender].find((option) => option.id === id);
}
