/**
 * The edits the local engine understands (decision 21), and their words in the app's five
 * languages. A prompt is understood only when every word in it is either part of a known edit
 * or a filler word ("make it", "a bit", "please"); anything else ("add a hat") means the prompt
 * asks for something the engine cannot do, and the edit is refused before credits are taken.
 * Pure text matching, shared by the server's check and the engine.
 */

export const localEdits = [
  "brighter", "darker", "warmer", "cooler", "moreContrast", "lessContrast", "vivid", "muted",
  "blackAndWhite", "sepia", "sharpen", "blurBackground", "removeBackground", "cropSquare", "mirror",
] as const;
export type LocalEdit = (typeof localEdits)[number];

const phrases: Record<LocalEdit, readonly string[]> = {
  brighter: [
    "brighter", "brighten", "lighter", "more light", "heller", "aufhellen", "mehr licht", "plus lumineux", "plus lumineuse", "plus clair", "plus claire",
    "éclaircir", "eclaircir", "más brillante", "más claro", "más clara", "más luminoso", "más luminosa", "aclarar", "أكثر إشراقا", "أكثر إشراقاً", "أفتح", "إضاءة أكثر",
  ],
  darker: ["darker", "darken", "dimmer", "dunkler", "abdunkeln", "plus sombre", "assombrir", "más oscuro", "más oscura", "oscurecer", "أغمق", "أكثر قتامة"],
  warmer: ["warmer", "warm", "wärmer", "warm", "plus chaud", "plus chaude", "chaud", "más cálido", "más cálida", "cálido", "أدفأ", "دافئ", "دافئة"],
  cooler: ["cooler", "cool", "colder", "kühler", "kälter", "plus froid", "plus froide", "froid", "más frío", "más fría", "frío", "أبرد", "بارد", "باردة"],
  moreContrast: [
    "more contrast", "higher contrast", "punchier", "contrast", "mehr kontrast", "kontrastreicher", "kontrast", "plus de contraste", "plus contrasté",
    "contraste", "más contraste", "تباين أكثر", "زيادة التباين", "تباين",
  ],
  lessContrast: ["less contrast", "lower contrast", "softer", "weniger kontrast", "weicher", "moins de contraste", "plus doux", "menos contraste", "más suave", "تباين أقل", "أنعم"],
  vivid: [
    "more vivid", "vivid", "more saturated", "saturated", "more colorful", "more colourful", "vibrant", "lebendiger", "kräftigere farben", "satter",
    "plus vif", "plus vive", "couleurs vives", "plus saturé", "más vivo", "más viva", "más saturado", "colores vivos", "أكثر حيوية", "ألوان حيوية", "تشبع أكثر",
  ],
  muted: ["less saturated", "muted", "desaturated", "blasser", "entsättigt", "moins saturé", "désaturé", "menos saturado", "desaturado", "ألوان باهتة", "تشبع أقل"],
  blackAndWhite: [
    "black and white", "black & white", "black-and-white", "b&w", "grayscale", "greyscale", "monochrome", "schwarz-weiß", "schwarzweiß", "schwarz weiß",
    "schwarz-weiss", "graustufen", "noir et blanc", "noir & blanc", "blanco y negro", "monocromo", "أبيض وأسود", "ابيض واسود", "تدرج رمادي",
  ],
  sepia: ["sepia", "sépia", "vintage", "retro", "rétro", "سيبيا", "عتيق", "قديم"],
  sharpen: ["sharper", "sharpen", "crisper", "more detail", "schärfer", "schärfen", "plus net", "plus nette", "netteté", "más nítido", "más nítida", "enfocar", "أكثر حدة", "توضيح"],
  blurBackground: [
    "blur the background", "blur background", "blurred background", "blurry background", "background blur", "bokeh", "hintergrund unscharf",
    "hintergrund verwischen", "unscharfer hintergrund", "hintergrund weichzeichnen", "flouter l'arrière-plan", "flouter le fond", "arrière-plan flou",
    "fond flou", "desenfocar el fondo", "fondo desenfocado", "fondo borroso", "تمويه الخلفية", "خلفية ضبابية", "طمس الخلفية",
  ],
  removeBackground: [
    "remove the background", "remove background", "delete the background", "no background", "white background", "without background",
    "hintergrund entfernen", "ohne hintergrund", "weißer hintergrund", "weisser hintergrund", "supprimer l'arrière-plan", "supprimer le fond",
    "enlever le fond", "enlever l'arrière-plan", "fond blanc", "sans fond", "sans arrière-plan", "quitar el fondo", "eliminar el fondo", "sin fondo",
    "fondo blanco", "إزالة الخلفية", "حذف الخلفية", "بدون خلفية", "خلفية بيضاء",
  ],
  cropSquare: [
    "crop to square", "crop to a square", "square crop", "crop square", "square", "quadratisch zuschneiden", "quadratisch", "recadrer en carré",
    "format carré", "carré", "carrée", "recortar en cuadrado", "cuadrado", "cuadrada", "قص مربع", "مربع", "مربعة",
  ],
  mirror: ["mirror", "mirrored", "flip", "flip horizontally", "spiegeln", "gespiegelt", "miroir", "retourner", "inverser", "espejo", "voltear", "reflejar", "عكس", "مرآة", "اعكس"],
};

/** Words that carry no edit of their own ("make it a bit ... please"). */
const fillers = new Set([
  "make", "it", "the", "a", "an", "image", "photo", "picture", "please", "bit", "little", "more", "much", "slightly", "and", "with", "to", "very",
  "this", "me", "its", "look", "looking", "also", "then", "too", "lot", "some", "of", "tone", "colors", "colours", "color", "colour",
  "mach", "mache", "machen", "das", "die", "der", "den", "bild", "foto", "bitte", "etwas", "ein", "eine", "bisschen", "und", "mit", "viel", "noch", "es", "zu", "sehr", "farben",
  "rends", "rendre", "rendez", "fais", "faire", "la", "le", "les", "l", "d", "s", "image", "photo", "s'il", "te", "plaît", "plait", "vous", "un", "une", "peu", "et", "avec", "en", "de", "du", "très", "couleurs",
  "haz", "hazla", "hazlo", "hacer", "la", "el", "imagen", "foto", "por", "favor", "un", "una", "poco", "y", "con", "muy", "en", "de", "lo", "colores",
  "اجعل", "اجعلها", "اجعله", "الصورة", "صورة", "من", "فضلك", "قليلا", "قليلاً", "و", "مع", "جدا", "جداً", "أكثر", "ال", "ب", "لل",
]);

const arabic = /\p{Script=Arabic}/u;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface ParsedEdit {
  edits: LocalEdit[];
  /** Words the engine does not understand; any of them makes the prompt one it cannot do. */
  unknownWords: string[];
}

/** Lower case, punctuation gone, French elisions split ("l'image" → "l image"). */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/\b([cdjlmnst])['’]/g, "$1 ")
    .replace(/[.,!?;:()"“”«»]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function parseLocalEdit(prompt: string): ParsedEdit {
  let text = ` ${normalise(prompt)} `;
  const found: LocalEdit[] = [];
  // Longest phrases first, so "less contrast" wins over "contrast" and "black and white" over "white".
  const all = localEdits.flatMap((edit) => phrases[edit].map((phrase) => [edit, normalise(phrase)] as const)).sort((a, b) => b[1].length - a[1].length);
  for (const [edit, phrase] of all) {
    // Arabic attaches articles and conjunctions to words, so its phrases match inside words too.
    const pattern = arabic.test(phrase) ? new RegExp(escape(phrase), "gu") : new RegExp(`(?<=[\\s])${escape(phrase)}(?=[\\s])`, "gu");
    if (!pattern.test(text)) continue;
    text = text.replace(pattern, " ");
    if (!found.includes(edit)) found.push(edit);
  }
  const unknownWords = text
    .split(" ")
    .map((word) => word.trim())
    .filter((word) => word !== "" && !fillers.has(word));
  return { edits: found, unknownWords };
}

/** The edits of a prompt the local engine can do in full, or null when it asks for anything else. */
export function localEditsFor(prompt: string): LocalEdit[] | null {
  const parsed = parseLocalEdit(prompt);
  return parsed.edits.length > 0 && parsed.unknownWords.length === 0 ? parsed.edits : null;
}
