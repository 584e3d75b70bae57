import type { StaticImageData } from "next/image";
import type { SpriteIconName } from "./icon-sprite-shapes";
import spriteFile from "./icon-sprite.svg";

const sprite: StaticImageData = spriteFile;

/**
 * A decorative Lucide icon of the chrome and landing pages, drawn from one cached sprite file
 * (icon-sprite.svg, a hashed static asset) by reference. Inline, each icon's shapes were in the
 * HTML and again in the React payload: a fifth of the home page's 56 KB (issue 16). The `lucide`
 * class (globals.css) gives the shapes their stroke, which they inherit through <use>.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg className={className ? `lucide ${className}` : "lucide"} aria-hidden="true">
      <use href={`${sprite.src}#${name}`} />
    </svg>
  );
}
