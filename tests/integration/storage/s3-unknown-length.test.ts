import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedObjectResponse } from "@/lib/api/stored-object-response";
import { createObjectKey } from "@/lib/storage/object-keys";
import { S3Storage } from "@/lib/storage/s3-storage";
import { startFakeS3, type FakeS3 } from "@/tests/fakes/s3-server";

/**
 * Some S3-compatible services and gateways answer GetObject without a Content-Length (chunked,
 * e.g. when they compress on the fly). Here s3rver stands behind a pass-through proxy that drops
 * the header, as such a gateway does; the image must still be served whole, not as 0 bytes.
 */

/** Forwards every request to `target` unchanged and streams the answers back without Content-Length. */
async function startLengthDroppingProxy(target: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers["content-length"];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { endpoint: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("an S3 object served without a known length", () => {
  let s3: FakeS3;
  let proxy: { endpoint: string; close(): Promise<void> };
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    proxy = await startLengthDroppingProxy(s3.endpoint);
    storage = new S3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: proxy.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    storage.close();
    await proxy.close();
    await s3.stop();
  });

  it("is streamed whole, without a Content-Length, instead of announced as empty", async () => {
    const key = createObjectKey("11111111-1111-4111-8111-111111111111", "results", "png");
    const bytes = Buffer.alloc(200_000, 9);
    await storage.put(key, bytes, { contentType: "image/png" });

    const object = await storage.get(key);
    expect(object?.size).toBeUndefined();
    if (!object) throw new Error("the object was not found");
    const response = storedObjectResponse(object, { fileName: "result.png", download: false, maxAgeSeconds: 60 });
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
