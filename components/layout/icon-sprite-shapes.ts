import {
  ArrowRight,
  Clock,
  Coins,
  Download,
  Dumbbell,
  GalleryHorizontalEnd,
  Gift,
  Image,
  ImageOff,
  Languages,
  Menu,
  Moon,
  Package,
  Palette,
  Pencil,
  Scissors,
  ShieldCheck,
  Sparkles,
  Sun,
  Trash,
  TrendingUp,
  UserRound,
  Users,
  type IconNode,
} from "lucide";

/**
 * The Lucide shapes of the site's chrome, landing pages and result tiles, each a <symbol> of one SVG file
 * (components/layout/icon-sprite.svg, written by `npm run icons:sprite` from this list).
 */
export const iconSpriteShapes = {
  "arrow-right": ArrowRight,
  clock: Clock,
  coins: Coins,
  download: Download,
  dumbbell: Dumbbell,
  "gallery-horizontal-end": GalleryHorizontalEnd,
  gift: Gift,
  image: Image,
  "image-off": ImageOff,
  languages: Languages,
  menu: Menu,
  moon: Moon,
  package: Package,
  palette: Palette,
  pencil: Pencil,
  scissors: Scissors,
  "shield-check": ShieldCheck,
  sparkles: Sparkles,
  sun: Sun,
  trash: Trash,
  "trending-up": TrendingUp,
  "user-round": UserRound,
  users: Users,
} satisfies Record<string, IconNode>;

export type SpriteIconName = keyof typeof iconSpriteShapes;

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function shapeMarkup([tag, attributes]: IconNode[number]): string {
  const attributeList = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join("");
  return `<${tag}${attributeList}/>`;
}

/** The sprite file's text: one <symbol id="name"> per shape, drawn in Lucide's 24-unit box. */
export function iconSpriteMarkup(): string {
  const symbols = Object.entries(iconSpriteShapes).map(
    ([name, node]) => `<symbol id="${name}" viewBox="0 0 24 24">${node.map(shapeMarkup).join("")}</symbol>`,
  );
  // The width and height only give Next.js's image import a size to record.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">\n${symbols.join("\n")}\n</svg>\n`;
}

/** Where the sprite is committed, relative to the project (scripts/build-icon-sprite.ts writes it). */
export const iconSpriteFile = "components/layout/icon-sprite.svg";
