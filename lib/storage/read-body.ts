import type { Readable } from "node:stream";

/** A stored object's whole body as bytes; a read that fails rejects (a pipe would leave its reader waiting). */
export async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}
