/**
 * Writes the subset of Inter that app/fonts.ts serves (lib/fonts/inter-subset.ts says why).
 * Run after upgrading @fontsource-variable/inter: `npm run fonts:subset`.
 */
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";
import { codePointsOf, interLatinUnicodeRange, interSourceFile, interSubsetFile, interWeights } from "@/lib/fonts/inter-subset";

async function main() {
  const text = String.fromCodePoint(...codePointsOf(interLatinUnicodeRange));
  const subset = await subsetFont(await readFile(interSourceFile), text, {
    targetFormat: "woff2",
    variationAxes: { wght: interWeights },
  });
  await writeFile(interSubsetFile, subset);
  console.log(`${interSubsetFile}: ${subset.length} bytes`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
