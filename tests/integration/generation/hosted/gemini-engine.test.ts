import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeGemini, type FakeGemini } from "@/tests/fakes/hosted/gemini-server";
import { tempStorage, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { expectRefundedFailure, hairJob, headshotJob, imagesOf, newUser, productJob, queueJob, startHostedHarness, type HostedHarness } from "./hosted-test-kit";

/**
 * Issue 18: the Gemini engine through @google/genai against a stand-in of the Gemini API. Gemini
 * answers within the request, so it has no callbacks: what a callback engine does with a late
 * result, this one does with a call still in flight when the job ends (it is abandoned).
 */

describeEachDatabase("Gemini engine", (ctx) => {
  let gemini: FakeGemini;
  let harness: HostedHarness;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    gemini = await startFakeGemini();
    harness = await startHostedHarness(ctx.db, () => storage);
  });
  afterAll(async () => {
    await gemini.close();
    await harness.receiver.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    gemini.requests.length = 0;
    gemini.answer();
  });
  afterEach(() => harness.stop());

  const start = () => harness.start({ IMAGE_ENGINE: "gemini", GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.origin });

  it("edits the photo with the prompt, the framing and the model, and records the tokens", async () => {
    start();
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, productJob);
    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "complete", engine: "gemini", engineModel: "gemini-3.1-flash-image" });
    expect(row.engineUsage).toEqual({ requests: 1, computeSeconds: 0, inputTokens: 1290, outputTokens: 1290 });
    const [call] = gemini.requests;
    expect(call?.path).toBe("/v1beta/models/gemini-3.1-flash-image:generateContent");
    expect(call?.headers["x-goog-api-key"]).toBe(gemini.apiKey);
    expect(call?.body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: expect.stringContaining("on a marble table") }, { inlineData: { mimeType: "image/jpeg" } }] }],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "3:2" } },
    });
    expect(await imagesOf(ctx.db, id)).toHaveLength(1);
  });

  it("makes one call per headshot and stores all ten", async () => {
    start();
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, headshotJob);
    expect(await waitForFinished(ctx.db, id, 30_000)).toMatchObject({ status: "complete" });
    expect(gemini.requests).toHaveLength(10);
    expect(await imagesOf(ctx.db, id)).toHaveLength(10);
  });

  it("tells the user when Gemini blocks the prompt or withholds the image, and refunds", async () => {
    gemini.answer({ kind: "blockedPrompt", reason: "SAFETY" }, { kind: "withheldImage" });
    start();
    const userId = await newUser(ctx.db, 4);
    const blocked = await queueJob(ctx.db, storage, userId, hairJob);
    const blockedRow = await expectRefundedFailure(ctx.db, blocked.id, userId, 4, "generation.errors.contentRefused");
    expect(blockedRow.errorDetail).toBe("The request was blocked for safety (SAFETY)");
    const withheld = await queueJob(ctx.db, storage, userId, hairJob);
    const withheldRow = await expectRefundedFailure(ctx.db, withheld.id, userId, 4, "generation.errors.contentRefused");
    expect(withheldRow.errorDetail).toBe("The image was blocked for safety (IMAGE_SAFETY)");
  });

  it("retries a 429 after its Retry-After", async () => {
    gemini.answer({ kind: "error", status: 429, retryAfter: "1" }, { kind: "image" });
    start();
    const userId = await newUser(ctx.db);
    const started = Date.now();
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(gemini.requests).toHaveLength(2);
  });

  it("gives up after three 500s with the tool's message only, and refunds", async () => {
    gemini.answer({ kind: "error", status: 500 }, { kind: "error", status: 500 }, { kind: "error", status: 500 }, { kind: "image" });
    start();
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const row = await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.hairstyleFailed");
    expect(row.errorDetail).toBeNull();
    expect(gemini.requests).toHaveLength(3);
  });

  it("abandons a call still in flight when the job runs out of time, and stores nothing", async () => {
    gemini.answer({ kind: "hang" });
    const worker = start();
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    await waitFor(async () => gemini.requests.length === 1);
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.timedOut");
    await waitFor(async () => worker.runningJobs === 0);
  });
});
