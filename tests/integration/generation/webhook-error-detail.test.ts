import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createEngineResolver } from "@/lib/generation/engines/select-engine";
import { startFakeImageService, type FakeImageService } from "@/tests/fakes/image-service-server";
import { tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

/**
 * Spec §8 'Webhook error leads to an error with the server message': what the image service
 * said reaches its owner through GET /api/generations/{id}, cleaned, and nobody else.
 */

vi.mock("@/lib/api/current-user-id", () => import("@/tests/helpers/request-context").then((m) => m.currentUserIdModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));

const route = await import("@/app/api/generations/[id]/route");

async function getStatus(id: string) {
  const response = await route.GET(new Request(`http://app.test/api/generations/${id}`), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
}

describeEachDatabase("the image service's message on a failed generation", (ctx) => {
  let service: FakeImageService;
  let worker: TestWorker | undefined;
  let photo: Buffer;

  beforeAll(async () => {
    state.db = ctx.db;
    service = await startFakeImageService();
    photo = await testPhoto();
  });
  afterAll(() => service.close());

  beforeEach(() => truncateAllTables(ctx.db));
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  async function failedBodyShaper(answer: Parameters<FakeImageService["answer"]>[0]) {
    service.answer(answer);
    const config = parseEnv({
      IMAGE_ENGINE: "webhook",
      WEBHOOK_URL_BODY_SHAPER: `${service.origin}/send-body-shaper-webhook`,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    });
    const storage = tempStorage();
    worker = startTestWorker(ctx.db, storage, createEngineResolver(config));
    const userId = await userWithCredits(ctx.db, 2);
    const { id } = await createGeneration(
      ctx.db,
      { userId, tool: "body_shaper", input: { gender: "female", style: "yogaBody" }, originalImage: photo },
      { storage },
    );
    await waitForFinished(ctx.db, id);
    return { id, userId };
  }

  it("returns the server's message to the owner only", async () => {
    const { id, userId } = await failedBodyShaper({ json: { success: false, error: "Pose not supported: arms must be visible" } });
    state.userId = userId;
    const { status, body } = await getStatus(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "failed",
      errorKey: "generation.errors.webhookError",
      errorDetail: "Pose not supported: arms must be visible",
      creditsRefunded: true,
    });
    expect(body).not.toHaveProperty("errorMessage");

    state.userId = await userWithCredits(ctx.db, 0);
    expect((await getStatus(id)).status).toBe(404);
  });

  it("keeps links, paths, keys and stack traces of the message out of it", async () => {
    const message =
      "Upload to https://bucket.example.com/x.png?X-Amz-Signature=abc123 failed\u0007 for /srv/models/v2/weights.bin " +
      "with key sk-proj-abcdefghijklmnop\n    at upload (/srv/app/upload.js:12:3)";
    const { id, userId } = await failedBodyShaper({ status: 500, json: { error: message } });
    state.userId = userId;
    const { body } = await getStatus(id);
    expect(body.errorDetail).toBe("Upload to [link] failed for [path] with key [redacted]");
  });
});
