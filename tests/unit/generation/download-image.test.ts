import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadImage, type DownloadOptions } from "@/lib/generation/engines/download/download-image";
import { JobFailure } from "@/lib/generation/errors";

describe("downloading engine images", () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/redirect") {
        response.writeHead(302, { location: "/image" });
        response.end();
      } else if (request.url === "/slow") {
        setTimeout(() => response.end("late"), 2000);
      } else {
        response.end(Buffer.from("image-bytes"));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const options = (overrides: Partial<DownloadOptions> = {}): DownloadOptions => ({
    maxBytes: 1000,
    timeoutMs: 1000,
    allowPrivateAddresses: true,
    signal: new AbortController().signal,
    ...overrides,
  });

  async function failureOf(promise: Promise<unknown>): Promise<JobFailure> {
    const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
    if (!(error instanceof JobFailure)) throw new Error(`expected a JobFailure, got ${String(error)}`);
    return error;
  }

  it("follows redirects and returns the bytes", async () => {
    const bytes = await downloadImage(`http://localhost:${port}/redirect`, options());
    expect(bytes.toString()).toBe("image-bytes");
  });

  it("refuses names that resolve to private addresses when the connection is made", async () => {
    const failure = await failureOf(downloadImage(`http://localhost:${port}/image`, options({ allowPrivateAddresses: false })));
    expect(failure.reasonKey).toBe("downloadFailed");
    expect(failure.detail).toContain("refused private address");
  });

  it("stops at the size and time limits", async () => {
    expect((await failureOf(downloadImage(`http://127.0.0.1:${port}/image`, options({ maxBytes: 5 })))).reasonKey).toBe("resultTooLarge");
    const slow = await failureOf(downloadImage(`http://127.0.0.1:${port}/slow`, options({ timeoutMs: 100 })));
    expect(slow.detail).toContain("timed out");
  });

  it("passes the job's own abort reason through", async () => {
    const controller = new AbortController();
    const pending = downloadImage(`http://127.0.0.1:${port}/slow`, options({ signal: controller.signal }));
    const reason = new Error("lease lost");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("accepts data URLs within the limit", async () => {
    const png = `data:image/png;base64,${Buffer.from("abc").toString("base64")}`;
    expect((await downloadImage(png, options())).toString()).toBe("abc");
    expect((await failureOf(downloadImage(png, options({ maxBytes: 1 })))).reasonKey).toBe("resultTooLarge");
  });
});
