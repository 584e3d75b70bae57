import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { generationRow, tempStorage, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { recoverAbandonedJobs } from "@/lib/generation/worker/job-outcomes";
import { generations } from "@/db/schema";
import { eq, sql } from "drizzle-orm";
import { resultPng } from "@/tests/fakes/hosted/fake-http";
import { startFakeReplicate, type FakeReplicate } from "@/tests/fakes/hosted/replicate-server";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import {
  expectRefundedFailure,
  hairJob,
  headshotJob,
  imagesOf,
  newUser,
  predictionsOf,
  queueJob,
  startHostedHarness,
  type HostedHarness,
} from "./hosted-test-kit";

/**
 * Issue 18: the Replicate engine through the official SDK against a stand-in that speaks
 * Replicate's HTTP API and signs its webhooks the Standard Webhooks way.
 */

describeEachDatabase("Replicate engine", (ctx) => {
  let replicate: FakeReplicate;
  let harness: HostedHarness;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    replicate = await startFakeReplicate();
    harness = await startHostedHarness(ctx.db, () => storage);
  });
  afterAll(async () => {
    await replicate.close();
    await harness.receiver.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    replicate.requests.length = 0;
    replicate.files.downloads.clear();
    replicate.plan();
    replicate.failCreates();
    replicate.startEvents = true;
    harness.receiver.answers.length = 0;
  });
  afterEach(() => harness.stop());

  const env = (overrides: Record<string, string> = {}) => ({
    IMAGE_ENGINE: "replicate",
    REPLICATE_API_TOKEN: replicate.token,
    REPLICATE_BASE_URL: replicate.apiUrl,
    ...overrides,
  });

  it("runs Hair Changer on one prediction that reports back by signed webhook, without holding a worker meanwhile", async () => {
    replicate.plan({ outcome: { status: "succeeded" }, afterMs: 4_000 });
    const worker = harness.start(env());
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);

    await waitFor(async () => (await predictionsOf(ctx.db, id)).length === 1);
    await waitFor(async () => (await generationRow(ctx.db, id)).status === "pending");
    expect(worker.runningJobs).toBe(0);

    const row = await waitForFinished(ctx.db, id);
    expect(row).toMatchObject({ status: "complete", engine: "replicate", engineModel: "black-forest-labs/flux-kontext-pro" });
    const [create] = replicate.requests.filter((request) => request.method === "POST");
    expect(create?.path).toBe("/v1/models/black-forest-labs/flux-kontext-pro/predictions");
    expect(create?.headers.authorization).toBe(`Bearer ${replicate.token}`);
    expect(create?.body).toMatchObject({
      webhook: `${harness.receiver.origin}/api/engines/replicate/callback?generation=${id}&position=0&attempt=1`,
      webhook_events_filter: ["start", "completed"],
      input: { output_format: "jpg", safety_tolerance: 2 },
    });
    expect(create?.body).toMatchObject({
      input: { prompt: expect.stringContaining("Change only the hairstyle"), input_image: expect.stringMatching(/^data:image\/jpeg;base64,/) },
    });
    expect(create?.body).not.toHaveProperty("input.aspect_ratio");
    // The housekeeping forgets the result URLs once the job has ended.
    const [prediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows[0]?.outputs === null ? rows : undefined;
    });
    expect(prediction).toMatchObject({ engine: "replicate", status: "succeeded", computeSeconds: 1.25, tool: "hair_changer" });
    expect(prediction?.callbackAt).not.toBeNull();
    // The start event, then the completed one.
    expect(replicate.deliveries.map((delivery) => delivery.event)).toEqual(["start", "completed"]);
    expect(harness.receiver.answers).toEqual([
      { engine: "replicate", status: 200, body: { received: true } },
      { engine: "replicate", status: 200, body: { received: true } },
    ]);
    expect(await imagesOf(ctx.db, id)).toHaveLength(1);
  });

  it("makes ten headshots on the identity model in three predictions and downloads only what was ordered", async () => {
    // Each prediction answers five images, more than asked.
    replicate.plan({ outcome: { status: "succeeded", images: 5 } });
    harness.start(env());
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, headshotJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", engineModel: expect.stringContaining("flux-pulid") });
    const creates = replicate.requests.filter((request) => request.method === "POST");
    expect(creates.map((request) => request.path)).toEqual(["/v1/predictions", "/v1/predictions", "/v1/predictions"]);
    expect(creates.map((request) => request.body)).toMatchObject([4, 3, 3].map((count) => ({ input: { num_outputs: count } })));
    expect(creates[0]?.body).toMatchObject({ version: "8baa7ef2255075b46f4d91cd238c21d31181b3e6a864463f967960bb0112525b" });
    expect(await imagesOf(ctx.db, id)).toHaveLength(10);
    expect(replicate.files.totalDownloads).toBe(10);
  });

  it("shows a safety refusal in Replicate's words and refunds", async () => {
    replicate.plan({ outcome: { status: "failed", error: "NSFW content detected. Try running it again, or try a different prompt." } });
    harness.start(env());
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const row = await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.contentRefused");
    expect(row.errorDetail).toBe("NSFW content detected. Try running it again, or try a different prompt.");
  });

  it("waits out a 429's Retry-After, then starts the prediction", async () => {
    replicate.failCreates({ status: 429, headers: { "retry-after": "1" }, body: { title: "Too Many Requests", detail: "Request was throttled.", status: 429 } });
    harness.start(env());
    const userId = await newUser(ctx.db);
    const started = Date.now();
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(replicate.requests.filter((request) => request.method === "POST")).toHaveLength(2);
  });

  it("gives up after three 500s with the tool's message only, and refunds", async () => {
    const error = { status: 500, body: { title: "Internal Server Error", detail: "Traceback (most recent call last): secret r8_abcdefghijklmnop", status: 500 } };
    replicate.failCreates(error, error, error);
    harness.start(env());
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const row = await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.hairstyleFailed");
    expect(row.errorDetail).toBeNull();
    expect(replicate.requests.filter((request) => request.method === "POST")).toHaveLength(3);
  });

  it("finds the result by polling when the webhook never comes", async () => {
    replicate.startEvents = false;
    replicate.plan({ outcome: { status: "succeeded" }, callback: "never" });
    harness.start(env(), { pollMs: 300 });
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    const [prediction] = await predictionsOf(ctx.db, id);
    expect(prediction).toMatchObject({ status: "succeeded", callbackAt: null });
    expect(replicate.requests.some((request) => request.method === "GET" && request.path.startsWith("/v1/predictions/"))).toBe(true);
    expect(harness.receiver.answers).toEqual([]);
  });

  it("refuses a forged or replayed webhook and applies a duplicate once", async () => {
    replicate.startEvents = false;
    replicate.plan({ outcome: { status: "running" }, callback: "twice" });
    harness.start(env());
    const userId = await newUser(ctx.db);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const [prediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows.length === 1 && rows[0]?.externalId ? rows : undefined;
    });
    const externalId = prediction?.externalId ?? "";
    const running = replicate.predictions.get(externalId);
    if (running) {
      running.status = "succeeded";
      running.output = [replicate.files.add(await resultPng(1))];
    }
    // Signed with another secret, and signed correctly but ten minutes old: both refused.
    expect(await replicate.sendWebhook(externalId, { secret: `whsec_${Buffer.from("not the secret at all").toString("base64")}` })).toBe(401);
    expect(await replicate.sendWebhook(externalId, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toBe(401);
    expect((await generationRow(ctx.db, id)).status).toBe("pending");
    expect((await predictionsOf(ctx.db, id))[0]?.status).toBe("running");

    expect(await replicate.sendWebhook(externalId)).toBe(200);
    expect(await replicate.sendWebhook(externalId)).toBe(200);
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete" });
    expect(harness.receiver.answers.map((answer) => answer.body)).toEqual([
      { received: false },
      { received: false },
      { received: true },
      { received: true, duplicate: true },
    ]);
    expect(await imagesOf(ctx.db, id)).toHaveLength(1);
  });

  it("cancels at Replicate a prediction whose job timed out, and ignores its late result", async () => {
    replicate.plan({ outcome: { status: "running" } });
    harness.start(env());
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const [prediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows.length === 1 && (await generationRow(ctx.db, id)).status === "pending" ? rows : undefined;
    });
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    await expectRefundedFailure(ctx.db, id, userId, 2, "generation.errors.timedOut");
    await waitFor(async () => replicate.predictions.get(prediction?.externalId ?? "")?.cancelRequested);
    // The row says so once Replicate has answered the cancel, a moment after the request arrived.
    await waitFor(async () => (await predictionsOf(ctx.db, id))[0]?.status === "canceled");

    // A job that ended before its prediction (the worker was away): the late result is
    // recorded and nothing else happens.
    await harness.stop();
    replicate.plan({ outcome: { status: "running" } });
    harness.start(env());
    const late = await queueJob(ctx.db, storage, userId, hairJob);
    const [latePrediction] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, late.id);
      return rows.length === 1 && (await generationRow(ctx.db, late.id)).status === "pending" ? rows : undefined;
    });
    await harness.stop();
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, late.id));
    expect((await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).failed).toBe(1);
    await replicate.finish(latePrediction?.externalId ?? "", { status: "succeeded" });
    expect(harness.receiver.answers.at(-1)).toMatchObject({ status: 200, body: { received: true } });
    expect((await predictionsOf(ctx.db, late.id))[0]?.status).toBe("succeeded");
    await expectRefundedFailure(ctx.db, late.id, userId, 2, "generation.errors.timedOut");
    expect(replicate.files.totalDownloads).toBe(0);
  });
});
