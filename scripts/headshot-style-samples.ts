/**
 * Renders the sample image of each headshot style for each gender (public/headshot-styles/),
 * shown on the style grid of step 3. They are made by the local engine itself (the default
 * engine, decision 21) from the public-domain example photos (public/examples/LICENSE.md), so
 * each sample shows what that style really makes. Run `npx tsx scripts/headshot-style-samples.ts`
 * after changing a style's look (lib/generation/engines/local/headshot/headshot-looks.ts).
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderHeadshots } from "../lib/generation/engines/local/headshot/render-headshots";
import { genders, headshotStyles, type Gender } from "../lib/generation/catalog";
import type { HeadshotInput } from "../lib/generation/tools";
import { headshotStyleSamplePath } from "../lib/headshot/style-samples";

/** The photo per gender. */
const sources: Record<Gender, string> = {
  female: "public/examples/astronaut-portrait.jpg",
  male: "public/examples/photographer-full-length.jpg",
};

async function main() {
  for (const gender of genders) {
    const photo = readFileSync(sources[gender]);
    const input = { gender, ageRange: "26_35", styleIds: headshotStyles.map((style) => style.id), packageId: "basic" } satisfies HeadshotInput;
    const context = { signal: new AbortController().signal, progress: () => {}, seed: `style-samples-${gender}` };
    const shots = await renderHeadshots(photo, input, headshotStyles.map((_, position) => position), context);
    for (const [index, style] of headshotStyles.entries()) {
      const target = path.join("public", headshotStyleSamplePath(gender, style.id));
      mkdirSync(path.dirname(target), { recursive: true });
      await sharp(shots[index]!).resize(240, 300).webp({ quality: 80 }).toFile(target);
      console.log(`wrote ${target}`);
    }
  }
}

void main();
