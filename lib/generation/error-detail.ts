/**
 * An image service's own error message, made fit to show its owner under the translated
 * headline ('Webhook error' and the server's message, spec §8). The text comes from outside, so
 * only its first line is kept (a stack trace starts on the second), control characters go,
 * links and absolute file paths are replaced (they may carry tokens or reveal the service's
 * layout), anything shaped like an API key is masked, and the rest is cut to a short sentence.
 * React escapes it when it is rendered; this is about what it says, not about markup.
 */

export const maxErrorDetailLength = 300;

const controlCharacters = /[\p{Cc}\p{Cf}]+/gu;
const links = /\b[a-z][a-z\d+.-]*:\/\/\S+/gi;
const absolutePaths = /(?:^|(?<=[\s"'(=:]))(?:\/[\w.@-]+){2,}\/?|\b[a-z]:\\[^\s"']+/gi;
const keyLike = /\b(?:sk|pk|rk|key|token|secret)[-_][\w*-]{8,}/gi;
const stackFrame = /^\s*at\s/;

export function toErrorDetail(message: string | null | undefined): string | null {
  if (!message) return null;
  const firstLine = message
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .find((line) => line !== "" && !stackFrame.test(line));
  if (!firstLine) return null;
  const cleaned = firstLine
    .replace(controlCharacters, " ")
    .replace(links, "[link]")
    .replace(absolutePaths, "[path]")
    .replace(keyLike, "[redacted]")
    .replace(/\s+/g, " ")
    .trim();
  if (cleaned === "") return null;
  return cleaned.length > maxErrorDetailLength ? `${cleaned.slice(0, maxErrorDetailLength - 1).trimEnd()}…` : cleaned;
}
