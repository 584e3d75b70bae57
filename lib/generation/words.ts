/** Word counting shared by the prompt boxes (browser) and the server's validation. */

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/u).length;
}

/**
 * Keeps at most `limit` words while the user types (spec §5: typing beyond is ignored). The
 * text is kept as typed, including a trailing space, until a word past the limit begins.
 */
export function limitWords(text: string, limit: number): string {
  const words = text.match(/\S+\s*/gu) ?? [];
  if (words.length <= limit) return text;
  const leading = text.match(/^\s*/u)?.[0] ?? "";
  return (leading + words.slice(0, limit).join("")).trimEnd();
}
