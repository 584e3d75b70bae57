import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/config";

/*
 * The messages are precompiled at build time (next.config.ts): a text with ICU syntax reaches
 * useMessages()/getMessages() compiled, not as a string. These parts are read that way
 * (failure reasons, loading steps, catalogue names), so they must stay plain text.
 */
const rawReadParts = [
  ["generation", "errors"],
  ["generation", "loading"],
  ["catalog"],
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

function texts(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === "string") return [[at, value]];
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, `${at}.${key}`));
}

function part(messages: unknown, keys: readonly string[]): unknown {
  return keys.reduce((node, key) => (isRecord(node) ? node[key] : undefined), messages);
}

describe("messages read without t()", () => {
  for (const locale of locales) {
    it(`are plain text in ${locale}`, () => {
      const messages: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, `../../messages/${locale}.json`), "utf8"));
      for (const keys of rawReadParts) {
        const found = texts(part(messages, keys), keys.join("."));
        expect(found.length, `${keys.join(".")} exists`).toBeGreaterThan(0);
        for (const [key, text] of found) expect(text, key).not.toMatch(/[{}<]|'['{}#|]/);
      }
    });
  }
});
