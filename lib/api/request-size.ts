import { formatFileSize } from "@/lib/images/browser/format-file-size";
import { MAX_ACTION_BODY_BYTES } from "@/lib/images/limits";

/**
 * Past MAX_ACTION_BODY_BYTES Next.js reads only the start of an action's body, which then fails
 * to parse: a 500 and a stack trace in the log. proxy.ts answers such a request first, from the
 * size it declares, with the spec's 'File Too Large' as a 413 in text/plain (which Next.js's
 * action client turns into the error it throws). The app's own upload never gets here: the
 * browser refuses files over 20 MB before sending (spec §5); this is for other clients.
 */
export function oversizedActionResponse(request: { method: string; headers: Headers }): Response | undefined {
  if (request.method !== "POST" || !request.headers.has("next-action")) return undefined;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isFinite(declared) || declared <= MAX_ACTION_BODY_BYTES) return undefined;
  const size = formatFileSize(declared, "en");
  return new Response(`File Too Large: file size (${size}) exceeds 20MB limit. Please choose a smaller image.`, {
    status: 413,
    headers: { "content-type": "text/plain" },
  });
}
