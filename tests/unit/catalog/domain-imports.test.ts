import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * DESIGN rule 12 for payments and generations (issue 15, 'While there'): lib/billing and
 * lib/generation never import each other. Prices and packages live in lib/catalog, which both
 * read and which imports neither; paid orders (start, refund, clean-up) live in lib/orders,
 * above both.
 */

const root = process.cwd();

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

function offenders(folder: string, forbidden: readonly string[]): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((prefix) => target.startsWith(prefix)))
      .map((target) => `${file} -> ${target}`),
  );
}

describe("domain imports", () => {
  it("keeps lib/billing and lib/generation apart", () => {
    expect(offenders("lib/billing", ["@/lib/generation", "@/lib/orders"])).toEqual([]);
    expect(offenders("lib/generation", ["@/lib/billing", "@/lib/orders"])).toEqual([]);
  });

  it("keeps the credits ledger below billing, and the database below both", () => {
    expect(offenders("lib/credits", ["@/lib/billing", "@/lib/generation", "@/lib/orders"])).toEqual([]);
    expect(offenders("db", ["@/lib/credits", "@/lib/billing", "@/lib/generation", "@/lib/orders"])).toEqual([]);
  });

  it("keeps the catalogue below both", () => {
    expect(offenders("lib/catalog", ["@/lib/", "@/db"])).toEqual([]);
  });
});
