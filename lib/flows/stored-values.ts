/**
 * Readers for values the browser kept in local storage, which may be from an older version or
 * edited by hand: each returns the value when it has the expected shape and null otherwise.
 * Plain functions rather than zod schemas, so the step pages that read drafts do not load zod.
 */

export function storedRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function storedString(value: unknown, maxLength: number): string | null {
  return typeof value === "string" && value.length <= maxLength ? value : null;
}

export function storedChoice<Choice extends string>(choices: readonly Choice[], value: unknown): Choice | null {
  return choices.find((choice) => choice === value) ?? null;
}
