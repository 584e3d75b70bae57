/**
 * The AI Product scene as the prompt describes it, read from its words in the five languages:
 * the surface the product stands on, the light, and a colour palette. Words the engine does not
 * know are ignored; with none at all it builds a neutral studio scene.
 */

export const surfaces = ["studio", "marble", "wood", "sand", "concrete", "water", "leaves", "fabric", "stone", "snow"] as const;
export type Surface = (typeof surfaces)[number];
export const lights = ["soft", "morning", "golden", "dramatic", "neon", "bright"] as const;
export type Light = (typeof lights)[number];
export const palettes = ["neutral", "pastel", "pink", "blue", "green", "yellow", "orange", "red", "purple", "black", "white", "beige"] as const;
export type Palette = (typeof palettes)[number];

export interface SceneChoice {
  surface: Surface;
  light: Light;
  palette: Palette;
}

const surfaceWords: ReadonlyArray<readonly [Surface, readonly string[]]> = [
  ["marble", ["marble", "marmor", "marbre", "mármol", "marmol", "رخام", "رخامي", "countertop", "arbeitsplatte", "comptoir", "encimera"]],
  ["wood", ["wood", "wooden", "oak", "walnut", "table", "holz", "holztisch", "eiche", "tisch", "bois", "chêne", "madera", "mesa", "roble", "خشب", "خشبي", "طاولة"]],
  ["sand", ["sand", "beach", "desert", "strand", "wüste", "sable", "plage", "désert", "arena", "playa", "desierto", "رمل", "رمال", "شاطئ", "صحراء"]],
  ["concrete", ["concrete", "cement", "urban", "beton", "béton", "urbain", "hormigón", "cemento", "urbano", "خرسانة", "إسمنت"]],
  ["water", ["water", "pool", "ocean", "sea", "splash", "wasser", "meer", "ozean", "eau", "mer", "océan", "agua", "mar", "océano", "ماء", "مياه", "بحر", "محيط"]],
  ["leaves", ["leaves", "leaf", "plants", "plant", "botanical", "jungle", "forest", "garden", "flowers", "blätter", "pflanzen", "wald", "garten", "blumen", "feuilles", "plantes", "forêt", "jardin", "fleurs", "hojas", "plantas", "bosque", "jardín", "flores", "أوراق", "نباتات", "غابة", "حديقة", "زهور"]],
  ["fabric", ["fabric", "linen", "silk", "cloth", "velvet", "stoff", "leinen", "seide", "samt", "tissu", "lin", "soie", "velours", "tela", "lino", "seda", "terciopelo", "قماش", "كتان", "حرير"]],
  ["stone", ["stone", "slate", "rock", "granite", "stein", "schiefer", "fels", "granit", "pierre", "ardoise", "roche", "piedra", "pizarra", "roca", "granito", "حجر", "صخر", "جرانيت"]],
  ["snow", ["snow", "ice", "winter", "frost", "schnee", "eis", "neige", "glace", "hiver", "nieve", "hielo", "invierno", "ثلج", "جليد", "شتاء"]],
  ["studio", ["studio", "seamless", "plain", "minimal", "minimalist", "estudio", "ستوديو", "استوديو"]],
];

const lightWords: ReadonlyArray<readonly [Light, readonly string[]]> = [
  ["golden", ["sunset", "golden", "sunrise", "warm", "autumn", "sonnenuntergang", "golden", "warm", "warmes", "herbst", "coucher", "doré", "dorée", "chaud", "chaude", "automne", "atardecer", "dorado", "dorada", "cálido", "cálida", "otoño", "غروب", "ذهبي", "دافئ", "خريف"]],
  ["morning", ["morning", "daylight", "sunlight", "sunny", "natural", "morgenlicht", "morgen", "tageslicht", "sonnig", "natürlich", "matin", "matinale", "lumière", "naturelle", "soleil", "mañana", "natural", "sol", "soleado", "صباح", "صباحي", "شمس", "طبيعي"]],
  ["dramatic", ["dramatic", "moody", "dark", "night", "luxury", "spotlight", "dramatisch", "dunkel", "nacht", "luxus", "dramatique", "sombre", "nuit", "luxe", "dramático", "dramática", "oscuro", "oscura", "noche", "lujo", "درامي", "مظلم", "ليل", "فاخر"]],
  ["neon", ["neon", "cyberpunk", "futuristic", "futuristisch", "futuriste", "néon", "futurista", "نيون", "مستقبلي"]],
  ["bright", ["bright", "airy", "clean", "hell", "luftig", "lumineux", "clair", "brillante", "luminoso", "claro", "مشرق", "ساطع"]],
  ["soft", ["soft", "gentle", "diffused", "weich", "sanft", "doux", "douce", "suave", "ناعم", "هادئ"]],
];

const paletteWords: ReadonlyArray<readonly [Palette, readonly string[]]> = [
  ["pastel", ["pastel", "pastell", "pastels", "باستيل"]],
  ["pink", ["pink", "rosa", "rose", "rosé", "rosado", "وردي"]],
  ["blue", ["blue", "blau", "bleu", "azul", "navy", "أزرق", "زرقاء"]],
  ["green", ["green", "grün", "vert", "verte", "verde", "sage", "أخضر", "خضراء"]],
  ["yellow", ["yellow", "gelb", "jaune", "amarillo", "أصفر", "صفراء"]],
  ["orange", ["orange", "naranja", "terracotta", "برتقالي"]],
  ["red", ["red", "rot", "rouge", "rojo", "roja", "أحمر", "حمراء"]],
  ["purple", ["purple", "violet", "lila", "lavender", "morado", "lavande", "بنفسجي"]],
  ["black", ["black", "schwarz", "noir", "noire", "negro", "negra", "أسود", "سوداء"]],
  ["white", ["white", "weiß", "weiss", "blanc", "blanche", "blanco", "blanca", "أبيض", "بيضاء"]],
  ["beige", ["beige", "cream", "creme", "crème", "nude", "earthy", "erdig", "terreux", "crema", "terroso", "بيج", "كريمي"]],
];

const wordPattern = /[\p{L}\p{M}-]+/gu;
const arabic = /\p{Script=Arabic}/u;

/** The first entry of the table (tables are in order of priority) that any word names. */
function firstMatch<T>(words: readonly string[], table: ReadonlyArray<readonly [T, readonly string[]]>): T | undefined {
  const named = (known: string) => words.some((word) => (arabic.test(known) ? word.includes(known) : word === known));
  return table.find(([, list]) => list.some(named))?.[0];
}

export function sceneFromPrompt(prompt: string): SceneChoice {
  const words = prompt.toLocaleLowerCase().match(wordPattern) ?? [];
  return {
    surface: firstMatch(words, surfaceWords) ?? "studio",
    light: firstMatch(words, lightWords) ?? "soft",
    palette: firstMatch(words, paletteWords) ?? "neutral",
  };
}
