/**
 * Writes components/layout/icon-sprite.svg from components/layout/icon-sprite-shapes.ts.
 * Run after changing that list or upgrading lucide: `npm run icons:sprite`.
 */
import { writeFile } from "node:fs/promises";
import { iconSpriteFile, iconSpriteMarkup } from "@/components/layout/icon-sprite-shapes";

async function main() {
  const markup = iconSpriteMarkup();
  await writeFile(iconSpriteFile, markup);
  console.log(`${iconSpriteFile}: ${markup.length} bytes`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
