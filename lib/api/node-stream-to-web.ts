import type { Readable } from "node:stream";

/**
 * A Node stream as a web ReadableStream for `new Response(...)`. Pull-based: a chunk is read
 * only when the client is ready for it, so a slow download holds back the source instead of
 * buffering it, and a cancelled download destroys the source (closing files and sockets).
 */
export function nodeStreamToWeb(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) {
          controller.close();
        } else if (value instanceof Uint8Array) {
          controller.enqueue(value);
        } else {
          controller.enqueue(new TextEncoder().encode(String(value)));
        }
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel(reason) {
      source.destroy(reason instanceof Error ? reason : undefined);
      await chunks.return?.();
    },
  });
}
