/**
 * Whether a hosted model's failure text is a safety refusal: the one failure whose own words
 * help the user (rephrase, use another photo). Every other failure shows only the tool's
 * translated message; the provider's text stays in the logs.
 */
const refusalWords = /\b(nsfw|sensitive|safety|unsafe|flagged|content[ _-]?policy|moderation|inappropriate|prohibited|blocked)\b/i;

export function isSafetyRefusal(text: string | null | undefined): boolean {
  return typeof text === "string" && refusalWords.test(text);
}
