import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  codePointsOf,
  interLatinUnicodeRange,
  interSourceFile,
  interSubsetFile,
  interWeights,
} from "@/lib/fonts/inter-subset";

/** The basic-Latin Inter face (lib/fonts/inter-subset.ts): the characters of the original, fewer weights. */

const root = process.cwd();
const require = createRequire(path.join(root, "package.json"));

/** A woff2 file's code points and weight axis, read with the HarfBuzz build subset-font uses. */
async function readFont(file: string) {
  const fontverter = require("fontverter") as { convert(font: Buffer, format: "sfnt"): Promise<Buffer> };
  const { Blob, Face } = (await import("harfbuzzjs")) as typeof import("harfbuzzjs");
  const face = new Face(new Blob(await fontverter.convert(readFileSync(path.join(root, file)), "sfnt")), 0);
  return { codePoints: new Set(face.collectUnicodes()), weight: face.getAxisInfos().wght };
}

describe("the basic-Latin Inter subset", () => {
  it("is the face app/fonts.ts loads, with the module's weights and unicode-range", () => {
    const fonts = readFileSync(path.join(root, "app/fonts.ts"), "utf8");
    const interCall = fonts.slice(fonts.indexOf("export const inter ="), fonts.indexOf("export const interExtended"));
    expect(interCall).toContain(`src: "./${path.relative("app", interSubsetFile)}"`);
    expect(interCall).toContain(`weight: "${interWeights.min} ${interWeights.max}"`);
    expect(interCall).toContain(`"${interLatinUnicodeRange}"`);
  });

  it("is not preloaded, like the other faces: with `swap` a preload only delays the stylesheet and the first paint", () => {
    const fonts = readFileSync(path.join(root, "app/fonts.ts"), "utf8");
    const faces = fonts.split("localFont(").slice(1);
    expect(faces).toHaveLength(3);
    for (const face of faces) expect(face).toContain("preload: false");
  });

  it("draws every character of the original face's range, only the app's weights, in fewer bytes", async () => {
    const original = await readFont(interSourceFile);
    const subset = await readFont(interSubsetFile);
    const inRange = codePointsOf(interLatinUnicodeRange).filter((codePoint) => original.codePoints.has(codePoint));
    expect(inRange.length).toBeGreaterThan(200);
    expect(inRange.filter((codePoint) => !subset.codePoints.has(codePoint))).toEqual([]);
    expect(subset.weight).toMatchObject({ min: interWeights.min, max: interWeights.max });
    expect(readFileSync(path.join(root, interSubsetFile)).length).toBeLessThan(
      0.7 * readFileSync(path.join(root, interSourceFile)).length,
    );
  });

  it("covers every font weight the pages ask for", () => {
    const weightClasses: Record<string, number> = {
      thin: 100, extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800, black: 900,
    };
    const used = new Set<number>();
    for (const folder of ["app", "components"]) {
      for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(tsx|ts|css)$/.test(entry.name)) continue;
        const source = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
        for (const [, name = ""] of source.matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g)) {
          used.add(weightClasses[name] ?? 0);
        }
        for (const [, weight = ""] of source.matchAll(/font-weight:\s*(\d+)/g)) used.add(Number(weight));
      }
    }
    expect(used.size).toBeGreaterThan(1);
    expect([...used].filter((weight) => weight < interWeights.min || weight > interWeights.max)).toEqual([]);
  });
});
