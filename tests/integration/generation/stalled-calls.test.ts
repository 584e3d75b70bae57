import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generationImages } from "@/db/schema";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createEngineResolver } from "@/lib/generation/engines/select-engine";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey } from "@/lib/storage/object-keys";
import { S3Storage } from "@/lib/storage/s3-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { startFakeImageService, type FakeImageService } from "@/tests/fakes/image-service-server";
import { ledgerOf, tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 17 item 7: a stalled or flaky outside call must not hold a worker slot for the job's
 * whole time limit. Each call has its own time limit, transient failures are retried inside the
 * deadline, and storage calls are bound to the job too.
 */

describeEachDatabase("stalled and flaky outside calls", (ctx) => {
  let service: FakeImageService;
  let storage: LocalDiskStorage;
  let worker: TestWorker | undefined;
  let photo: Buffer;
  let png: Buffer;
  let userId: string;

  beforeAll(async () => {
    service = await startFakeImageService();
    photo = await testPhoto();
    png = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#3a6" } }).png().toBuffer();
  });
  afterAll(() => service.close());

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    service.requests.length = 0;
    userId = await userWithCredits(ctx.db, 100);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  function startWorker(options: { storage?: ObjectStorage; storageTimeoutMs?: number; env?: Record<string, string> } = {}) {
    const config = parseEnv({
      IMAGE_ENGINE: "webhook",
      WEBHOOK_URL_AI_PRODUCT: `${service.origin}/send-ai-product-webhook`,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      IMAGE_DOWNLOAD_TIMEOUT_MS: "1000",
      ...options.env,
    });
    worker = startTestWorker(ctx.db, options.storage ?? storage, createEngineResolver(config), {
      concurrency: 1,
      storageTimeoutMs: options.storageTimeoutMs,
    });
  }

  const product = () =>
    createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on snow", dimension: "auto" }, originalImage: photo }, { storage });
  const resultAnswer = () => ({ json: { success: true, results: [service.serveFile("result.png", { bytes: png, contentType: "image/png" })] } });

  it("frees the slot when the image service never answers, long before the job's time limit", async () => {
    service.answer({ hang: true }, resultAnswer());
    // 2 s, not less: the fake records a POST once its whole body arrived, which on a loaded
    // two-core machine took longer than 400 ms, so the request counted below was never seen.
    startWorker({ env: { IMAGE_REQUEST_TIMEOUT_MS: "2000" } });
    const started = Date.now();
    const stalled = await product();
    const row = await waitForFinished(ctx.db, stalled.id);
    expect(row).toMatchObject({ status: "failed", errorKey: "generation.errors.aiProductFailed" });
    expect(row.errorMessage).toContain("timed out after 2000 ms");
    // The job's own limit for AI Product is 45 s.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await ledgerOf(ctx.db, stalled.id)).map((entry) => entry.kind).sort()).toEqual(["refund", "spend"]);
    // A stalled POST is not repeated: the service may still be working on it.
    expect(service.requests).toHaveLength(1);
    // The one slot is free again: the next job runs.
    const next = await product();
    expect(await waitForFinished(ctx.db, next.id)).toMatchObject({ status: "complete" });
  });

  it("retries a 503 after its Retry-After and a dropped connection, then completes", async () => {
    service.answer({ status: 503, headers: { "retry-after": "1" }, text: "busy" }, { reset: true }, resultAnswer());
    startWorker();
    const started = Date.now();
    const { id } = await product();
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", attempts: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(service.requests).toHaveLength(3);
  });

  it("retries a result download that hits a 429 and a reset", async () => {
    const url = service.serveFile("flaky.png", {
      bytes: png,
      contentType: "image/png",
      before: [{ status: 429, headers: { "retry-after": "0" } }, { reset: true }],
    });
    service.answer({ json: { success: true, results: [url] } });
    startWorker();
    const { id } = await product();
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(1);
  });

  it("fails a job whose storage stops answering at the storage time limit, and retries a storage hiccup", async () => {
    let hang = true;
    let putFailures = 1;
    const stalling: ObjectStorage = {
      kind: storage.kind,
      get: (key) => (hang ? new Promise(() => {}) : storage.get(key)),
      put: (key, data, options) => {
        if (putFailures-- > 0) return Promise.reject(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }));
        return storage.put(key, data, options);
      },
      delete: (key) => storage.delete(key),
      list: (prefix) => storage.list(prefix),
      signedUrl: (key, options) => storage.signedUrl(key, options),
    };
    service.answer(resultAnswer());
    startWorker({ storage: stalling, storageTimeoutMs: 300 });
    const started = Date.now();
    const stuck = await product();
    const row = await waitForFinished(ctx.db, stuck.id);
    expect(row).toMatchObject({ status: "failed", errorKey: "generation.errors.aiProductFailed" });
    expect(row.errorMessage).toContain("storage read timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(service.requests).toHaveLength(0);

    hang = false;
    const { id } = await product();
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(putFailures).toBeLessThan(0);
  });
});

describe("S3 client time limit", () => {
  let silent: Server;
  let endpoint = "";

  beforeAll(async () => {
    // Accepts connections and never answers, like an S3 service that hangs.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("gives up on a request the service never answers", async () => {
    const s3 = new S3Storage({
      bucket: "images",
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      timeoutMs: 300,
    });
    const started = Date.now();
    const error: unknown = await s3
      .put(createObjectKey("owner-1", "results", "png"), Buffer.from("x"), { contentType: "image/png" })
      .then(() => undefined, (reason: unknown) => reason);
    expect(error).toMatchObject({ name: "TimeoutError" });
    // The SDK's own retries included, far below a job's time limit.
    expect(Date.now() - started).toBeLessThan(10_000);
    s3.close();
  });
});
