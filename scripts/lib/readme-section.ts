import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Rewrites README.md between `<!-- name:start -->` and `<!-- name:end -->` with `text` (the calibration tables). */
export function replaceReadmeSection(name: string, text: string): void {
  const readmePath = path.join(process.cwd(), "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const startMarker = `<!-- ${name}:start -->`;
  const endMarker = `<!-- ${name}:end -->`;
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`README.md has no ${startMarker} ... ${endMarker} section`);
  writeFileSync(readmePath, `${readme.slice(0, start + startMarker.length)}\n${text}\n${readme.slice(end)}`);
}
