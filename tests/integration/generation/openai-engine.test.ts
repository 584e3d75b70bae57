import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { generationImages } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createEngineResolver } from "@/lib/generation/engines/select-engine";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeImageService, type FakeImageService, type RecordedServiceRequest } from "@/tests/fakes/image-service-server";
import { ledgerOf, tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("OpenAI engine", (ctx) => {
  let service: FakeImageService;
  let storage: LocalDiskStorage;
  let worker: TestWorker | undefined;
  let photo: Buffer;
  let png: Buffer;
  let userId: string;

  beforeAll(async () => {
    service = await startFakeImageService();
    photo = await testPhoto();
    png = await sharp({ create: { width: 64, height: 96, channels: 3, background: "#a63" } }).png().toBuffer();
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

  function startWorker(overrides: Record<string, string> = {}) {
    const config = parseEnv({
      IMAGE_ENGINE: "openai",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${service.origin}/v1`,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      ...overrides,
    });
    worker = startTestWorker(ctx.db, storage, createEngineResolver(config));
  }

  /** An answer with `n` images, as gpt-image-1 sends them (base64). */
  const images = (request: RecordedServiceRequest) => ({
    json: { created: 1, data: Array.from({ length: Number(request.body.n ?? 1) }, () => ({ b64_json: png.toString("base64") })) },
  });

  const product = (dimension: string) =>
    createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on a beach", dimension }, originalImage: photo }, { storage });

  it("edits the photo with the tool's prompt, model and size, and stores the result", async () => {
    service.answer(images);
    startWorker();
    const { id } = await product("landscape");
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", engine: "openai" });
    const [request] = service.requests;
    expect(request?.path).toBe("/v1/images/edits");
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.body).toMatchObject({ model: "gpt-image-1", n: "1", size: "1536x1024" });
    expect(String(request?.body.prompt)).toContain("on a beach");
    expect(Buffer.isBuffer(request?.body.image) && request.body.image.byteLength > 0).toBe(true);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(1);
  });

  it("asks once per headshot style with that style's share of the shots", async () => {
    service.answer(images);
    startWorker();
    const { id } = await createGeneration(
      ctx.db,
      { userId, tool: "headshot_pro", input: { gender: "male", ageRange: "18_25", styleIds: [1, 2, 3], packageId: "basic" }, originalImage: photo },
      { storage },
    );
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(service.requests.map((request) => Number(request.body.n))).toEqual([4, 3, 3]);
    expect(String(service.requests[1]?.body.prompt)).toContain("LinkedIn / Business Casual");
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(10);
  });

  it("downloads URL answers", async () => {
    const url = service.serveFile("result.png", { bytes: png, contentType: "image/png" });
    service.answer({ json: { created: 1, data: [{ url }] } });
    startWorker();
    const { id } = await product("square");
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
  });

  it("fails with one refund on an API error, an empty answer and a missing key", async () => {
    // A 500 is tried three times before the job gives up.
    const overloaded = { status: 500, json: { error: { message: "upstream overloaded", type: "server_error" } } };
    service.answer(overloaded, overloaded, overloaded, { json: { created: 1, data: [] } });
    startWorker();
    const failed = await product("auto");
    const failedRow = await waitForFinished(ctx.db, failed.id);
    expect(failedRow).toMatchObject({ status: "failed", errorKey: "generation.errors.aiProductFailed", errorDetail: "upstream overloaded" });
    expect(failedRow.errorMessage).toContain("OpenAI error 500");
    const empty = await product("auto");
    expect(await waitForFinished(ctx.db, empty.id)).toMatchObject({ status: "failed", errorKey: "generation.errors.noImage" });
    await worker?.stop();

    startWorker({ OPENAI_API_KEY: "" });
    const unconfigured = await product("auto");
    expect(await waitForFinished(ctx.db, unconfigured.id)).toMatchObject({
      status: "failed",
      errorKey: "generation.errors.engineNotConfigured",
    });
    for (const id of [failed.id, empty.id, unconfigured.id]) {
      expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind).sort()).toEqual(["refund", "spend"]);
    }
    expect(await readAvailableCredits(ctx.db, userId)).toBe(100);
  });

  it("shows OpenAI's reason for a refused request, but not for refused credentials", async () => {
    service.answer(
      { status: 400, json: { error: { message: "Your request was rejected by the safety system.", type: "invalid_request_error" } } },
      { status: 401, json: { error: { message: "Incorrect API key provided: sk-test.", type: "invalid_request_error" } } },
    );
    startWorker();
    const refused = await product("auto");
    expect(await waitForFinished(ctx.db, refused.id)).toMatchObject({
      status: "failed",
      errorDetail: "Your request was rejected by the safety system.",
    });
    const unauthorised = await product("auto");
    const row = await waitForFinished(ctx.db, unauthorised.id);
    expect(row).toMatchObject({ status: "failed", errorKey: "generation.errors.aiProductFailed", errorDetail: null });
    expect(row.errorMessage).toContain("Incorrect API key");
  });
});
