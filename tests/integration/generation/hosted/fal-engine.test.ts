import { generateKeyPairSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import { recoverAbandonedJobs } from "@/lib/generation/worker/job-outcomes";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeFal, type FakeFal } from "@/tests/fakes/hosted/fal-server";
import { generationRow, tempStorage, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import {
  expectRefundedFailure,
  hairJob,
  headshotJob,
  imagesOf,
  newUser,
  predictionsOf,
  productJob,
  queueJob,
  startHostedHarness,
  type HostedHarness,
} from "./hosted-test-kit";

/**
 * Issue 18: the fal engine through @fal-ai/client against a stand-in of fal's queue that signs
 * its webhooks with ED25519 and publishes its key set.
 */

describeEachDatabase("fal engine", (ctx) => {
  let fal: FakeFal;
  let harness: HostedHarness;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    fal = await startFakeFal();
    harness = await startHostedHarness(ctx.db, () => storage);
  });
  afterAll(async () => {
    await fal.close();
    await harness.receiver.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    fal.requests.length = 0;
    fal.files.downloads.clear();
    fal.plan();
    fal.failSubmits();
    harness.receiver.answers.length = 0;
  });
  afterEach(() => harness.stop());

  const env = (overrides: Record<string, string> = {}) => ({
    IMAGE_ENGINE: "fal",
    FAL_KEY: fal.key,
    FAL_QUEUE_URL: fal.origin,
    FAL_WEBHOOK_JWKS_URL: fal.jwksUrl,
    ...overrides,
  });
  const submits = () => fal.requests.filter((request) => request.method === "POST");

  it("runs Hair Changer on fal's queue, resumed by the signed webhook, without holding a worker meanwhile", async () => {
    fal.plan({ outcome: { status: "succeeded" }, afterMs: 4_000 });
    const worker = harness.start(env());
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    await waitFor(async () => (await predictionsOf(ctx.db, id)).length === 1 && (await generationRow(ctx.db, id)).status === "pending");
    expect(worker.runningJobs).toBe(0);

    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", engine: "fal", engineModel: "fal-ai/flux-pro/kontext" });
    const [submit] = submits();
    expect(submit?.path).toBe("/fal-ai/flux-pro/kontext");
    expect(submit?.query.get("fal_webhook")).toBe(`${harness.receiver.origin}/api/engines/fal/callback?generation=${id}&position=0&attempt=1`);
    expect(submit?.headers.authorization).toBe(`Key ${fal.key}`);
    expect(submit?.body).toMatchObject({
      prompt: expect.stringContaining("Change only the hairstyle"),
      image_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
      num_images: 1,
      output_format: "jpeg",
    });
    expect(submit?.body).not.toHaveProperty("aspect_ratio");
    const [prediction] = await predictionsOf(ctx.db, id);
    expect(prediction).toMatchObject({ engine: "fal", status: "succeeded", computeSeconds: 2.5 });
    expect(prediction?.callbackAt).not.toBeNull();
    expect(await imagesOf(ctx.db, id)).toHaveLength(1);
  });

  it("frames AI Product by its dimension, and makes ten headshots on the identity model fetching only what was ordered", async () => {
    harness.start(env());
    const userId = await newUser(ctx.db);
    const product = await queueJob(ctx.db, storage, userId, productJob);
    expect(await waitForFinished(ctx.db, product.id)).toMatchObject({ status: "complete" });
    expect(submits()[0]?.body).toMatchObject({ aspect_ratio: "3:2" });

    fal.requests.length = 0;
    fal.files.downloads.clear();
    fal.plan({ outcome: { status: "succeeded", images: 2 } });
    const { id } = await queueJob(ctx.db, storage, userId, headshotJob);
    expect(await waitForFinished(ctx.db, id, 45_000)).toMatchObject({ status: "complete", engineModel: "fal-ai/flux-pulid" });
    expect(submits().map((request) => request.path)).toEqual(Array.from({ length: 10 }, () => "/fal-ai/flux-pulid"));
    expect(submits()[0]?.body).toMatchObject({ reference_image_url: expect.stringMatching(/^data:/), image_size: "portrait_4_3", id_weight: 1 });
    expect(await imagesOf(ctx.db, id)).toHaveLength(10);
    expect(fal.files.totalDownloads).toBe(10);
  });

  it("tells the user about a content-policy refusal and a flagged result, and refunds", async () => {
    const policy = "The content could not be processed because it was flagged by a content checker.";
    fal.plan(
      { outcome: { status: "failed", error: "Invalid status code: 422", detail: [{ loc: ["body", "prompt"], msg: policy, type: "content_policy_violation" }] } },
      { outcome: { status: "succeeded", images: 1, nsfw: [true] } },
    );
    harness.start(env());
    const userId = await newUser(ctx.db, 4);
    const refused = await queueJob(ctx.db, storage, userId, hairJob);
    const row = await expectRefundedFailure(ctx.db, refused.id, userId, 4, "generation.errors.contentRefused");
    expect(row.errorDetail).toBe(policy);
    const flagged = await queueJob(ctx.db, storage, userId, hairJob);
    const flaggedRow = await expectRefundedFailure(ctx.db, flagged.id, userId, 4, "generation.errors.contentRefused");
    expect(flaggedRow.errorDetail).toContain("flagged");
    expect(fal.files.totalDownloads).toBe(0);
  });

  it("waits out a 429's Retry-After before submitting again", async () => {
    fal.failSubmits({ status: 429, headers: { "retry-after": "1" }, body: { detail: "Rate limit exceeded" } });
    harness.start(env());
    const userId = await newUser(ctx.db);
    const started = Date.now();
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(submits()).toHaveLength(2);
  });

  it("fails with the tool's message only, without fal's text, when a submission is refused, and refunds", async () => {
    fal.failSubmits({ status: 400, body: { detail: "Bad request at /srv/fal/worker.py line 12" } });
    harness.start(env());
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const row = await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.hairstyleFailed");
    expect(row.errorDetail).toBeNull();
    expect(submits()).toHaveLength(1);
    expect((await predictionsOf(ctx.db, id))[0]).toMatchObject({ status: "not_created", externalId: null });
  });

  it("finds the result by polling the queue when the webhook never comes", async () => {
    fal.plan({ outcome: { status: "succeeded" }, callback: "never" });
    harness.start(env(), { pollMs: 300 });
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect((await predictionsOf(ctx.db, id))[0]).toMatchObject({ status: "succeeded", callbackAt: null, computeSeconds: 2.5 });
    const paths = fal.requests.filter((request) => request.method === "GET").map((request) => request.path);
    expect(paths.some((path) => /^\/fal-ai\/flux-pro\/requests\/[^/]+\/status$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/fal-ai\/flux-pro\/requests\/[^/]+$/.test(path))).toBe(true);
  });

  it("refuses a webhook signed with another key or replayed late, and applies a duplicate once", async () => {
    fal.plan({ outcome: { status: "running" }, callback: "twice" });
    harness.start(env());
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const [prediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows.length === 1 && rows[0]?.externalId && (await generationRow(ctx.db, id)).status === "pending" ? rows : undefined;
    });
    const externalId = prediction?.externalId ?? "";
    const request = fal.queue.get(externalId);
    if (request) {
      request.plan = { ...request.plan, callback: "never" };
      await fal.finish(externalId, { status: "succeeded" });
    }
    const stranger = generateKeyPairSync("ed25519").privateKey;
    expect(await fal.sendWebhook(externalId, { privateKey: stranger })).toBe(401);
    expect(await fal.sendWebhook(externalId, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toBe(401);
    expect((await predictionsOf(ctx.db, id))[0]?.status).toBe("running");

    expect(await fal.sendWebhook(externalId)).toBe(200);
    expect(await fal.sendWebhook(externalId)).toBe(200);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(harness.receiver.answers.map((answer) => answer.body)).toEqual([
      { received: false },
      { received: false },
      { received: true },
      { received: true, duplicate: true },
    ]);
    expect(await imagesOf(ctx.db, id)).toHaveLength(1);
  });

  it("cancels at fal a request whose job timed out, and ignores a result that arrives after the job ended", async () => {
    fal.plan({ outcome: { status: "running" } });
    harness.start(env());
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const [prediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows.length === 1 && (await generationRow(ctx.db, id)).status === "pending" ? rows : undefined;
    });
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.timedOut");
    await waitFor(async () => fal.queue.get(prediction?.externalId ?? "")?.canceled);
    expect(fal.requests.some((request) => request.method === "PUT" && request.path.endsWith("/cancel"))).toBe(true);
    // The row says so once fal has answered the cancel, a moment after the request arrived.
    await waitFor(async () => (await predictionsOf(ctx.db, id))[0]?.status === "canceled");

    await harness.stop();
    harness.start(env());
    const late = await queueJob(ctx.db, storage, userId, hairJob);
    const [latePrediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, late.id);
      return rows.length === 1 && (await generationRow(ctx.db, late.id)).status === "pending" ? rows : undefined;
    });
    await harness.stop();
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, late.id));
    expect((await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).failed).toBe(1);
    await fal.finish(latePrediction?.externalId ?? "", { status: "succeeded" });
    expect(harness.receiver.answers.at(-1)).toMatchObject({ status: 200, body: { received: true } });
    await expectRefundedFailure(ctx.db, late.id, userId, 2, "generation.errors.timedOut");
    expect(fal.files.totalDownloads).toBe(0);
  });
});
