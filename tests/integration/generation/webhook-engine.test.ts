import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { generationImages, generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createEngineResolver } from "@/lib/generation/engines/select-engine";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeImageService, type FakeImageService } from "@/tests/fakes/image-service-server";
import { generationRow, ledgerOf, tempStorage, testPhoto, userWithCredits, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

const secret = "webhook-test-secret-0123456789";

describeEachDatabase("webhook engine", (ctx) => {
  let service: FakeImageService;
  let storage: LocalDiskStorage;
  let worker: TestWorker | undefined;
  let photo: Buffer;
  let png: Buffer;
  let userId: string;

  beforeAll(async () => {
    service = await startFakeImageService();
    photo = await testPhoto();
    png = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#36a" } }).png().toBuffer();
  });
  afterAll(() => service.close());

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    service.requests.length = 0;
    service.downloads.length = 0;
    userId = await userWithCredits(ctx.db, 100);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  function startWorker(overrides: Record<string, string> = {}) {
    const config = parseEnv({
      IMAGE_ENGINE: "webhook",
      WEBHOOK_URL_HEADSHOT_PRO: `${service.origin}/send-headshot-webhook`,
      WEBHOOK_URL_AI_PRODUCT: `${service.origin}/send-ai-product-webhook`,
      WEBHOOK_URL_HAIR_CHANGER: `${service.origin}/send-hair-changer-webhook`,
      WEBHOOK_URL_BODY_SHAPER: `${service.origin}/send-body-shaper-webhook`,
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      IMAGE_DOWNLOAD_TIMEOUT_MS: "2000",
      ...overrides,
    });
    worker = startTestWorker(ctx.db, storage, createEngineResolver(config));
  }

  const queue = {
    product: () =>
      createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on snow", dimension: "auto" }, originalImage: photo }, { storage }),
    hair: () =>
      createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style: "curlyBob" }, originalImage: photo }, { storage }),
    body: () =>
      createGeneration(ctx.db, { userId, tool: "body_shaper", input: { gender: "male", style: "vTaper" }, originalImage: photo }, { storage }),
  };

  async function expectFailure(id: string, errorKey: string, messagePart: string, errorDetail: string | null = null) {
    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "failed", errorKey, errorDetail });
    expect(row.errorMessage).toContain(messagePart);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind).sort()).toEqual(["refund", "spend"]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(100);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toEqual([]);
  }

  it("sends the spec's headshot body with the secret and stores every returned image", async () => {
    const first = service.serveFile("a.png", { bytes: png, contentType: "image/png" });
    const second = service.serveFile("b.jpg", { bytes: photo, contentType: "image/jpeg", chunked: true });
    service.answer({ json: { success: true, generated_images: { image_2: second, image_1: first }, generation_id: "remote-1" } });
    startWorker();
    const { id } = await createGeneration(
      ctx.db,
      { userId, tool: "headshot_pro", input: { gender: "female", ageRange: "46_plus", styleIds: [3, 7], packageId: "basic" }, originalImage: photo },
      { storage },
    );
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", engine: "webhook" });
    const [request] = service.requests;
    expect(request?.path).toBe("/send-headshot-webhook");
    expect(request?.headers["x-webhook-secret"]).toBe(secret);
    expect(request?.headers["x-generation-id"]).toBe(id);
    expect(request?.body).toMatchObject({
      selectedStyles: [
        { id: 3, name: "Studio Clean" },
        { id: 7, name: "Minimal Aesthetic" },
      ],
      gender: "female",
      ageRange: "46+",
      numberShots: 10,
    });
    expect(String(request?.body.uploadedImageBlob)).toMatch(/^data:image\/jpeg;base64,/);
    const images = await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id));
    expect(images.map((image) => [image.position, image.width, image.contentType])).toEqual([
      [0, 90, "image/png"],
      [1, 120, "image/jpeg"],
    ]);
  });

  it("downloads only as many images as were ordered when the service answers with more", async () => {
    const names = ["one.png", "two.png", "three.png", "four.png"];
    const urls = names.map((name) => service.serveFile(name, { bytes: png, contentType: "image/png" }));
    service.answer({ json: { success: true, results: urls } });
    startWorker();
    const { id } = await queue.product();
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    // AI Product orders one image.
    expect(service.downloads).toEqual(["one.png"]);
    expect(await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(1);
  });

  it("accepts results.edited_image as a data URL", async () => {
    service.answer({ json: { success: true, results: { edited_image: `data:image/png;base64,${png.toString("base64")}` } } });
    startWorker();
    const { id } = await queue.hair();
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(service.requests[0]?.body).toMatchObject({ gender: "female", selectedStyle: "Curly Bob", customPrompt: "" });
  });

  it("fails with the server's message when the webhook reports an error", async () => {
    service.answer({ json: { success: false, error: "Face not detected" } });
    startWorker();
    const { id } = await queue.product();
    await expectFailure(id, "generation.errors.webhookError", "Webhook error: Face not detected", "Face not detected");
  });

  it("fails on HTTP errors with the server's message, and only the status when it declared none", async () => {
    // A 502 is tried three times (a gateway's hiccup); 500 and 422 are the service's answer.
    const badGateway = { status: 502, text: "Error: boom\n    at /srv/app/secret/handler.js:1:1" };
    service.answer(
      { status: 500, json: { error: "model crashed" } },
      { status: 422, json: { message: "Image too dark\n    at render (/srv/app/render.js:10:5)" } },
      badGateway,
      badGateway,
      badGateway,
      { json: { success: false } },
    );
    startWorker();
    await expectFailure((await queue.product()).id, "generation.errors.webhookError", "HTTP 500: model crashed", "model crashed");
    await expectFailure((await queue.product()).id, "generation.errors.webhookError", "HTTP 422: Image too dark", "Image too dark");
    // A body that is not JSON may be a stack trace: it stays in the log.
    await expectFailure((await queue.product()).id, "generation.errors.webhookError", "HTTP 502: Error: boom", "HTTP 502");
    await expectFailure((await queue.product()).id, "generation.errors.webhookError", "success: false", null);
  });

  it("fails malformed answers as the tool's failure and empty ones as 'no result'", async () => {
    service.answer({ text: "<html>gateway</html>" }, { json: { success: "yes" } }, { json: { success: true } }, { json: { success: true, results: {} } });
    startWorker();
    const notJson = await queue.product();
    await expectFailure(notJson.id, "generation.errors.aiProductFailed", "not JSON");
    const malformed = await queue.hair();
    await expectFailure(malformed.id, "generation.errors.hairstyleFailed", "Malformed");
    const noHair = await queue.hair();
    await expectFailure(noHair.id, "generation.errors.noHairstyle", "no image");
    const noBody = await queue.body();
    await expectFailure(noBody.id, "generation.errors.noTransformation", "no image");
  });

  it("refuses result URLs that are not images, too large, missing or private", async () => {
    const html = service.serveFile("page.png", { bytes: Buffer.from("<html><script>x</script></html>"), contentType: "image/png" });
    const hugeBytes = Buffer.alloc(21 * 1024 * 1024, 1);
    const huge = service.serveFile("huge.jpg", { bytes: hugeBytes, contentType: "image/jpeg", chunked: true });
    const declared = service.serveFile("declared.jpg", { bytes: hugeBytes, contentType: "image/jpeg" });
    service.answer(
      { json: { success: true, results: [html] } },
      { json: { success: true, results: [huge] } },
      { json: { success: true, results: [declared] } },
      { json: { success: true, results: [`${service.origin}/files/missing.png`] } },
      { json: { success: true, results: ["ftp://example.com/a.png"] } },
    );
    startWorker();
    await expectFailure((await queue.product()).id, "generation.errors.invalidResultImage", "intake");
    await expectFailure((await queue.product()).id, "generation.errors.resultTooLarge", "more than");
    await expectFailure((await queue.product()).id, "generation.errors.resultTooLarge", "content-length");
    await expectFailure((await queue.product()).id, "generation.errors.downloadFailed", "HTTP 404");
    await expectFailure((await queue.product()).id, "generation.errors.invalidResultImage", "scheme");
    await worker?.stop();

    service.answer({ json: { success: true, results: [service.serveFile("ok.png", { bytes: png, contentType: "image/png" })] } });
    startWorker({ WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
    await expectFailure((await queue.product()).id, "generation.errors.downloadFailed", "private address 127.0.0.1");
  });

  it("fails and refunds when the webhook does not answer within the time limit", async () => {
    service.answer({ hang: true });
    startWorker();
    const { id } = await queue.product();
    await waitFor(async () => service.requests.length > 0);
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    await expectFailure(id, "generation.errors.timedOut", "time limit");
  });

  it("fails a tool whose webhook URL is not configured", async () => {
    startWorker({ WEBHOOK_URL_AI_PRODUCT: "" });
    const { id } = await queue.product();
    await expectFailure(id, "generation.errors.engineNotConfigured", "No webhook URL");
    expect((await generationRow(ctx.db, id)).attempts).toBe(1);
  });
});
