/**
 * A Content-Disposition header for a file name we chose. The name is cleaned anyway (no path
 * separators, quotes or control characters), and non-ASCII names get the RFC 6266 `filename*`
 * form beside an ASCII fallback.
 */
export function safeFileName(name: string, fallback = "download"): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[/\\:*?"<>|]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 150);
  return cleaned || fallback;
}

export function contentDispositionHeader(kind: "attachment" | "inline", fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  if (ascii === name) return `${kind}; filename="${name}"`;
  // RFC 5987 does not allow ' ( ) unescaped, which encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(name).replace(/['()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
