import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Secrets never reach the browser (issue #11): the client chunks of the build under test hold
 * no server variable's name (a sign that lib/env.ts or process.env was bundled) and none of the
 * secret values scripts/e2e.mjs gave the build (E2E_BUILD_SECRET_MARKERS). Reads files only.
 */

const distDir = process.env.NEXT_DIST_DIR || ".next";
const clientDir = path.join(process.cwd(), distDir, "static");

/** Every variable of lib/env.ts's schema but the browser's own and those Node.js and Next.js set. */
function serverVariableNames(): string[] {
  const source = readFileSync(path.join(process.cwd(), "lib/env.ts"), "utf8");
  const names = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1] ?? "");
  return names.filter((name) => !name.startsWith("NEXT_PUBLIC_") && name !== "NODE_ENV" && name !== "NEXT_PHASE");
}

function clientChunks(): { file: string; text: string }[] {
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(clientDir, file), "utf8") }));
}

function markers(): string[] {
  const parsed: unknown = JSON.parse(process.env.E2E_BUILD_SECRET_MARKERS || "[]");
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
}

test("the client chunks hold no server variable name and no server secret", () => {
  const names = serverVariableNames();
  // The schema was read: the secrets are among the names looked for.
  expect(names).toEqual(expect.arrayContaining(["AUTH_SECRET", "STRIPE_SECRET_KEY", "DATABASE_URL", "FILES_SIGNING_SECRET"]));
  const chunks = clientChunks();
  expect(chunks.length, `client chunks in ${clientDir}`).toBeGreaterThan(0);

  const found: string[] = [];
  for (const { file, text } of chunks) {
    for (const name of names) {
      if (new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(text)) found.push(`${name} in ${file}`);
    }
    for (const value of markers()) {
      if (text.includes(value)) found.push(`a secret value (${value.slice(0, 12)}…) in ${file}`);
    }
  }
  expect(found).toEqual([]);
});
