/**
 * Renders the sample image of each headshot style for each gender (public/headshot-styles/),
 * shown on the style grid of step 3. They are made by the preview engine's own headshot look
 * from the public-domain example photos (public/examples/LICENSE.md), so each sample shows what
 * that style does. Run `npx tsx scripts/headshot-style-samples.ts` after changing a style look.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Region } from "sharp";
import { renderHeadshots } from "../lib/generation/engines/preview/headshot-preview";
import { genders, headshotStyles, type Gender } from "../lib/generation/catalog";
import type { HeadshotInput } from "../lib/generation/tools";
import { headshotStyleSamplePath } from "../lib/headshot/style-samples";

/** The photo per gender, and the part of it that frames a head and shoulders. */
const sources: Record<Gender, { file: string; region?: Region }> = {
  female: { file: "public/examples/astronaut-portrait.jpg" },
  male: { file: "public/examples/photographer-full-length.jpg", region: { left: 120, top: 40, width: 400, height: 500 } },
};

async function main() {
  for (const gender of genders) {
    const { file, region } = sources[gender];
    const photo = region ? await sharp(readFileSync(file)).extract(region).toBuffer() : readFileSync(file);
    for (const style of headshotStyles) {
      const target = path.join("public", headshotStyleSamplePath(gender, style.id));
      mkdirSync(path.dirname(target), { recursive: true });
      const input = { gender, ageRange: "26_35", styleIds: [style.id], packageId: "basic" } satisfies HeadshotInput;
      await renderHeadshots(photo, input, 1, async (image) => {
        await sharp(await image.png().toBuffer()).resize(240, 300).webp({ quality: 78 }).toFile(target);
      }, new AbortController().signal);
      console.log(`wrote ${target}`);
    }
  }
}

void main();
