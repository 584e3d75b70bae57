import { countWords, limitWords } from "@/lib/generation/words";

/**
 * The next value of a word-limited text box (spec §5: typing beyond the limit is ignored).
 * limitWords cuts a pasted text to the limit; when the box is already full, a keystroke that
 * starts another word is dropped entirely, so its later letters do not glue onto the last word.
 */
export function nextWordLimitedValue(previous: string, typed: string, limit: number): string {
  const limited = limitWords(typed, limit);
  if (limited === typed) return typed;
  const wasFull = countWords(previous) >= limit;
  return wasFull && limited.trimEnd() === previous.trimEnd() ? previous : limited;
}
