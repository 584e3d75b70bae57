/**
 * Bench worker: a loopback HTTP server that answers one request with the Download All zip of
 * `count` stored images (each `sizeMb` of incompressible bytes in local storage), through the
 * same code as the zip route (zipStoredImages, then nodeStreamToWeb). It samples its own RSS
 * while the zip streams. Prints {"port"} when ready and {"rssBeforeMb", "rssPeakMb"} after GET /zip (any
 * other path answers 204, for warming up the client).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { nodeStreamToWeb } from "@/lib/api/node-stream-to-web";
import { zipStoredImages, type ZipEntrySource } from "@/lib/downloads/zip-stored-images";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey } from "@/lib/storage/object-keys";

const count = Number(process.argv[2] ?? 100);
const sizeMb = Number(process.argv[3] ?? 1);
const owner = "55555555-5555-4555-8555-555555555555";
const mb = 1024 * 1024;

/** What Next.js does with a Response body: write each chunk, waiting whenever the socket is full. */
async function pump(body: ReadableStream<Uint8Array>, response: ServerResponse): Promise<void> {
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!response.write(value)) await once(response, "drain");
  }
  response.end();
}

async function main() {
  const root = mkdtempSync(path.join(os.tmpdir(), "bench-zip-"));
  const storage = new LocalDiskStorage({ root, publicBaseUrl: "http://127.0.0.1", signingSecret: () => "x".repeat(32) });
  const entries: ZipEntrySource[] = [];
  for (let index = 1; index <= count; index += 1) {
    const key = createObjectKey(owner, "results", "png");
    await storage.put(key, randomBytes(sizeMb * mb), { contentType: "image/png" });
    entries.push({ key, fileName: `headshot_${index}.png` });
  }

  // The baseline is the idle server with every image stored, after a full garbage collection.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;

  const server = createServer((request, response) => {
    if (request.url !== "/zip") {
      // Lets the client open its connection and load its HTTP stack before the timed request.
      response.writeHead(204).end();
      return;
    }
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 5);
    response.writeHead(200, { "Content-Type": "application/zip" });
    void pump(nodeStreamToWeb(zipStoredImages(storage, entries)), response).catch((error: unknown) => {
      console.error(error);
      response.destroy();
    });
    response.once("close", () => {
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      console.log(JSON.stringify({ rssBeforeMb: rssBefore / mb, rssPeakMb: rssPeak / mb }));
      server.close();
      rmSync(root, { recursive: true, force: true });
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
