/**
 * The hair colours the local engine can paint, and the words for them in the app's five
 * languages (a custom prompt such as "copper red", "kupferrot", "roux cuivré", "rojo cobrizo" or
 * "أحمر نحاسي"). Pure data and text matching: the step-1 tiles and the server's check use it too.
 */

export type HairColourId =
  | "blonde" | "platinum" | "brunette" | "auburn" | "red" | "black" | "grey" | "white"
  | "pink" | "blue" | "green" | "purple" | "orange" | "colorful" | "clown";

export interface HairColour {
  /** The colour at the hair's mid-tone (shine lightens it); for multi-colour looks, the colours across the hair. */
  colours: readonly string[];
}

export const hairColours: Record<HairColourId, HairColour> = {
  blonde: { colours: ["#c9a063"] },
  platinum: { colours: ["#d2c8b6"] },
  brunette: { colours: ["#5e3b24"] },
  auburn: { colours: ["#7e3222"] },
  red: { colours: ["#a83a1c"] },
  black: { colours: ["#1d1a19"] },
  grey: { colours: ["#8f8f92"] },
  white: { colours: ["#d9d8d4"] },
  pink: { colours: ["#e06aa6"] },
  blue: { colours: ["#2f5fc4"] },
  green: { colours: ["#2f9a56"] },
  purple: { colours: ["#7a3fb8"] },
  orange: { colours: ["#e07224"] },
  // Pastel gradient: pink through lilac to teal.
  colorful: { colours: ["#ef7fb6", "#b68cf0", "#6cc7d8"] },
  // Loud rainbow, as a clown wig.
  clown: { colours: ["#e8322c", "#f28a1c", "#f6d328", "#3fae49", "#2f6fd6", "#8e3fc6"] },
};

/** The style tiles of Hair Changer that are a hair colour (catalog.ts ids) and what they paint. */
export const hairStyleColours: Readonly<Record<string, HairColourId>> = {
  blonde: "blonde",
  brunette: "brunette",
  redhead: "red",
  classicBlack: "black",
  colorful: "colorful",
  clown: "clown",
};

/**
 * Colour words, lower case, per colour. A prompt word counts when it equals one; for words of
 * four letters or more also when it adds an ending of up to three letters (plurals and
 * declensions: "noirs", "schwarzen", "rojos") or ends with it (German compounds: "dunkelbraun");
 * for Arabic, whose words take the article "ال" and feminine endings, when it contains one.
 */
const colourWords: ReadonlyArray<readonly [HairColourId, readonly string[]]> = [
  ["platinum", ["platinum", "platin", "platine", "platino", "بلاتيني"]],
  ["blonde", ["blonde", "blond", "blondes", "blondine", "golden", "gold", "goldblond", "honey", "honig", "miel", "rubio", "rubia", "dorado", "dorada", "doré", "dorée", "أشقر", "شقراء", "ذهبي"]],
  ["brunette", ["brunette", "brown", "braun", "braune", "braunes", "brun", "brune", "châtain", "chatain", "marrón", "marron", "castaño", "castaña", "moreno", "morena", "chocolate", "schokolade", "caramel", "karamell", "بني", "كستنائي"]],
  ["auburn", ["auburn", "mahogany", "mahagoni", "acajou", "caoba", "burgundy", "bordeaux", "burdeos", "عنابي"]],
  ["red", ["red", "redhead", "ginger", "copper", "rot", "rote", "roten", "rotes", "rothaarig", "kupfer", "kupferrot", "roux", "rousse", "rouge", "cuivré", "cuivre", "rojo", "roja", "pelirrojo", "pelirroja", "cobrizo", "cobre", "أحمر", "حمراء", "نحاسي"]],
  ["black", ["black", "jet", "schwarz", "schwarze", "schwarzes", "noir", "noire", "negro", "negra", "azabache", "أسود", "سوداء"]],
  ["grey", ["grey", "gray", "silver", "grau", "graue", "silber", "gris", "grise", "argenté", "argent", "plateado", "canoso", "cana", "canas", "رمادي", "فضي", "أشيب"]],
  ["white", ["white", "weiß", "weiss", "weiße", "blanc", "blanche", "blanco", "blanca", "أبيض", "بيضاء"]],
  ["pink", ["pink", "rosa", "rose", "rosé", "rosado", "rosada", "وردي", "زهري"]],
  ["blue", ["blue", "blau", "blaue", "bleu", "bleue", "azul", "أزرق", "زرقاء"]],
  ["green", ["green", "grün", "grüne", "grun", "vert", "verte", "verde", "أخضر", "خضراء"]],
  ["purple", ["purple", "violet", "violette", "violett", "lila", "lilac", "morado", "morada", "púrpura", "purpura", "بنفسجي", "أرجواني"]],
  ["orange", ["orange", "naranja", "anaranjado", "برتقالي"]],
  ["colorful", ["colorful", "colourful", "multicolor", "multicolour", "rainbow", "pastel", "bunt", "bunte", "buntes", "regenbogen", "multicolore", "arc-en-ciel", "colorido", "colorida", "arcoíris", "arcoiris", "ملون", "ملونة", "قوس"]],
  ["clown", ["clown", "payaso", "clownesque", "مهرج"]],
];

const wordPattern = /[\p{L}\p{M}-]+/gu;
const arabic = /\p{Script=Arabic}/u;

/** The hair colours a prompt names, in the order of the words (each once). */
export function hairColoursInPrompt(prompt: string): HairColourId[] {
  const found: HairColourId[] = [];
  for (const word of prompt.toLocaleLowerCase().match(wordPattern) ?? []) {
    const matches = (known: string) =>
      arabic.test(known)
        ? word.includes(known)
        : word === known || (known.length >= 4 && ((word.startsWith(known) && word.length <= known.length + 3) || word.endsWith(known)));
    const entry = colourWords.find(([, words]) => words.some(matches));
    if (entry && !found.includes(entry[0])) found.push(entry[0]);
  }
  return found;
}

/** What a Hair Changer request paints on the local engine, or null when it names no colour. */
export function hairColourFor(style: string, customPrompt: string): HairColourId | null {
  if (style !== "custom") return hairStyleColours[style] ?? null;
  return hairColoursInPrompt(customPrompt)[0] ?? null;
}
