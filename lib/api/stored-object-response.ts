import "server-only";
import { contentDispositionHeader } from "@/lib/downloads/content-disposition";
import type { StoredObject } from "@/lib/storage/types";
import { nodeStreamToWeb } from "./node-stream-to-web";

/**
 * The response for a private stored file: streamed, with its real type and length, never kept
 * by shared caches, and named for "save as" (or for download when `download` is set). The CSP
 * sandbox makes sure a file opened directly can never run anything in the app's origin.
 */
export function storedObjectResponse(
  object: StoredObject,
  options: { fileName: string; download: boolean; maxAgeSeconds: number },
): Response {
  return new Response(nodeStreamToWeb(object.body), {
    headers: {
      // Unknown, the body is streamed without one (chunked) rather than announced as empty.
      ...(object.size === undefined ? {} : { "Content-Length": String(object.size) }),
      "Content-Type": object.contentType,
      "Content-Disposition": contentDispositionHeader(options.download ? "attachment" : "inline", options.fileName),
      "Cache-Control": `private, max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      Vary: "Cookie",
    },
  });
}
