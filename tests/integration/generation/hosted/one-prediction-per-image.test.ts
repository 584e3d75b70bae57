import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enginePredictions, generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { startNewAttempt } from "@/lib/generation/worker/prediction-attempts";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeFal, type FakeFal } from "@/tests/fakes/hosted/fal-server";
import { startFakeReplicate, type FakeReplicate } from "@/tests/fakes/hosted/replicate-server";
import { generationRow, ledgerOf, tempStorage, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { hairJob, headshotJob, imagesOf, newUser, predictionsOf, queueJob, startHostedHarness, type HostedHarness } from "./hosted-test-kit";

/**
 * Issue 35, parts 1 and 2: at most one paid prediction per image, and a restart never shortens a
 * package. The stand-ins of Replicate and fal fail a create after making the prediction (a 500),
 * or make it and never answer while the server is stopped; the app must adopt what was made
 * (by the service's callback, whose URL names job, position and attempt, or by Replicate's list)
 * and never create it again, and a resumed job sends exactly the positions that are missing.
 */

const serverError = { status: 500, body: { title: "Internal Server Error", detail: "upstream failed", status: 500 } };

describeEachDatabase("one paid prediction per image", (ctx) => {
  let replicate: FakeReplicate;
  let fal: FakeFal;
  let harness: HostedHarness;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    replicate = await startFakeReplicate();
    fal = await startFakeFal();
    harness = await startHostedHarness(ctx.db, () => storage);
  });
  afterAll(async () => {
    await Promise.all([replicate.close(), fal.close(), harness.receiver.close()]);
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    for (const service of [replicate, fal]) {
      service.requests.length = 0;
      service.plan();
    }
    replicate.predictions.clear();
    fal.queue.clear();
    replicate.failCreates();
    fal.failSubmits();
    replicate.startEvents = true;
  });
  afterEach(() => harness.stop());

  const envOf = (service: "replicate" | "fal"): Record<string, string> =>
    service === "replicate"
      ? { IMAGE_ENGINE: "replicate", REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.apiUrl }
      : { IMAGE_ENGINE: "fal", FAL_KEY: fal.key, FAL_QUEUE_URL: fal.origin, FAL_WEBHOOK_JWKS_URL: fal.jwksUrl };
  const creates = (service: "replicate" | "fal") =>
    (service === "replicate" ? replicate.requests : fal.requests).filter((request) => request.method === "POST" && !request.path.endsWith("/cancel"));
  const made = (service: "replicate" | "fal") => (service === "replicate" ? replicate.predictions.size : fal.queue.size);

  /** Delivered in full: every image stored, the credits spent and nothing refunded. */
  async function expectDelivered(id: string, userId: string, images: number, creditsLeft: number) {
    // The first job of a file also loads the SDKs and the image intake: slow on a busy machine.
    expect(await waitForFinished(ctx.db, id, 55_000)).toMatchObject({ status: "complete" });
    expect(await imagesOf(ctx.db, id)).toHaveLength(images);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(creditsLeft);
  }

  describe.each(["replicate", "fal"] as const)("on %s", (service) => {
    it("adopts a prediction the service made before answering 500, and never creates it again", async () => {
      if (service === "replicate") replicate.failCreates({ ...serverError, afterCreate: true });
      else fal.failSubmits({ ...serverError, afterCreate: true });
      harness.start(envOf(service));
      const userId = await newUser(ctx.db, 10);
      const { id } = await queueJob(ctx.db, storage, userId, hairJob);
      await expectDelivered(id, userId, 1, 8);
      expect(creates(service)).toHaveLength(1);
      expect(made(service)).toBe(1);
      const [attempt] = await predictionsOf(ctx.db, id);
      expect(attempt).toMatchObject({ position: 0, attempt: 1, status: "succeeded", submitFailure: expect.stringContaining("500") });
      expect(attempt?.externalId).toBe([...(service === "replicate" ? replicate.predictions.keys() : fal.queue.keys())][0]);
    });

    it("adopts what a create in flight made when the server stopped, instead of creating it again", async () => {
      replicate.startEvents = false;
      if (service === "replicate") replicate.failCreates({ ...serverError, afterCreate: true, hang: true });
      else fal.failSubmits({ ...serverError, afterCreate: true, hang: true });
      const plan = { outcome: { status: "succeeded" as const }, afterMs: 1_500 };
      replicate.plan(plan);
      fal.plan(plan);
      harness.start(envOf(service));
      const userId = await newUser(ctx.db, 10);
      const { id } = await queueJob(ctx.db, storage, userId, hairJob);
      await waitFor(async () => made(service) === 1 && (await predictionsOf(ctx.db, id))[0]?.status === "submitting");
      await harness.stop();
      expect((await predictionsOf(ctx.db, id))[0]).toMatchObject({ status: "submitting", externalId: null });

      harness.start(envOf(service));
      await expectDelivered(id, userId, 1, 8);
      expect(creates(service)).toHaveLength(1);
      expect(made(service)).toBe(1);
      if (service === "replicate") expect(replicate.requests.some((request) => request.method === "GET" && request.path === "/v1/predictions")).toBe(true);
    });

    it("resumes a three-style headshot package stopped between its creates with exactly the missing positions", async () => {
      // Replicate: 3 predictions of 4, 3 and 3 images; fal: 10 of one. The second create makes its
      // prediction and hangs when the server stops.
      replicate.plan({ outcome: { status: "succeeded" }, afterMs: 1_000 });
      fal.plan({ outcome: { status: "succeeded" }, afterMs: 1_000 });
      if (service === "replicate") replicate.failCreates(null, { ...serverError, afterCreate: true, hang: true });
      else fal.failSubmits(null, { ...serverError, afterCreate: true, hang: true });
      replicate.startEvents = false;
      harness.start(envOf(service));
      const userId = await newUser(ctx.db, 30);
      const { id } = await queueJob(ctx.db, storage, userId, headshotJob);
      await waitFor(async () => made(service) === 2 && (await predictionsOf(ctx.db, id)).some((row) => row.status === "submitting"));
      await harness.stop();
      expect((await predictionsOf(ctx.db, id)).map((row) => row.position)).toEqual([0, 1]);

      harness.start(envOf(service));
      await expectDelivered(id, userId, 10, 10);
      const positions = service === "replicate" ? 3 : 10;
      expect(creates(service)).toHaveLength(positions);
      expect(made(service)).toBe(positions);
      const rows = await predictionsOf(ctx.db, id);
      expect(rows.map((row) => [row.position, row.attempt, row.status]).sort()).toEqual(
        Array.from({ length: positions }, (_, position) => [position, 1, "succeeded"]),
      );
    });
  });

  it("on Replicate, finds by its list a prediction made before a 500 when no start event comes", async () => {
    replicate.startEvents = false;
    replicate.failCreates({ ...serverError, afterCreate: true });
    harness.start(envOf("replicate"));
    const userId = await newUser(ctx.db, 10);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    await expectDelivered(id, userId, 1, 8);
    expect(creates("replicate")).toHaveLength(1);
    // The list leaves webhooks out: the candidate was read to compare its webhook.
    const gets = replicate.requests.filter((request) => request.method === "GET").map((request) => request.path);
    expect(gets).toContain("/v1/predictions");
    expect(gets).toContain(`/v1/predictions/${(await predictionsOf(ctx.db, id))[0]?.externalId ?? ""}`);
  });

  it("on Replicate, creates again only once the list shows the failed create made nothing", async () => {
    // A 500 that made nothing (answered: the list is proof at once), then a create that hung and
    // made nothing (proof only once such a request could no longer be running).
    replicate.failCreates(serverError, { status: 0, hang: true });
    harness.start({ ...envOf("replicate"), IMAGE_REQUEST_TIMEOUT_MS: "1000" }, { pollMs: 300 });
    const userId = await newUser(ctx.db, 10);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const inDoubt = await waitFor(async () => (await predictionsOf(ctx.db, id)).find((row) => row.attempt === 2 && row.submitFailure !== null));
    expect(inDoubt.status).toBe("submitting");
    expect(creates("replicate")).toHaveLength(2);
    // Still in doubt while such a request could be running at Replicate: nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(creates("replicate")).toHaveLength(2);
    await ctx.db.update(enginePredictions).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(enginePredictions.id, inDoubt.id));
    await expectDelivered(id, userId, 1, 8);
    expect(creates("replicate")).toHaveLength(3);
    const rows = (await predictionsOf(ctx.db, id)).sort((a, b) => a.attempt - b.attempt);
    expect(rows.map((row) => row.status)).toEqual(["not_created", "not_created", "succeeded"]);
  });

  it("on fal, never repeats a submission that answered 500; the job waits for its webhook and refunds at its time limit", async () => {
    fal.failSubmits(serverError);
    harness.start(envOf("fal"));
    const userId = await newUser(ctx.db, 2);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    await waitFor(async () => (await predictionsOf(ctx.db, id))[0]?.submitFailure && (await generationRow(ctx.db, id)).status === "pending");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(creates("fal")).toHaveLength(1);
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "failed", errorKey: "generation.errors.timedOut" });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(2);
    expect(creates("fal")).toHaveLength(1);
  });

  it("sends a second attempt at a position when asked (a remake), once, and cancels the one it replaces", async () => {
    replicate.plan({ outcome: { status: "running" } }, { outcome: { status: "succeeded" } });
    harness.start(envOf("replicate"), { pollMs: 300 });
    const userId = await newUser(ctx.db, 10);
    const { id } = await queueJob(ctx.db, storage, userId, hairJob);
    const [first] = await waitFor(async () => {
      const rows = await predictionsOf(ctx.db, id);
      return rows[0]?.status === "running" ? rows : undefined;
    });
    expect(await startNewAttempt(ctx.db, { generationId: id, position: 0, afterAttempt: 1, imageCount: 1 })).toBe(true);
    expect(await startNewAttempt(ctx.db, { generationId: id, position: 0, afterAttempt: 1, imageCount: 1 })).toBe(false);
    await expectDelivered(id, userId, 1, 8);
    const posts = creates("replicate");
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({ webhook: expect.stringContaining(`generation=${id}&position=0&attempt=2`) });
    await waitFor(async () => replicate.predictions.get(first?.externalId ?? "")?.cancelRequested);
    await waitFor(async () => (await predictionsOf(ctx.db, id)).some((row) => row.status === "canceled"));
    const rows = (await predictionsOf(ctx.db, id)).sort((a, b) => a.attempt - b.attempt);
    expect(rows.map((row) => [row.attempt, row.status])).toEqual([
      [1, "canceled"],
      [2, "succeeded"],
    ]);
  });
});
