import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { readAvailableCredits } from "@/db/queries/credits";
import { likenessChecks } from "@/db/schema";
import { createGeneration } from "@/lib/generation/create-generation";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { loadLikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeFal, type FakeFal } from "@/tests/fakes/hosted/fal-server";
import { startFakeReplicate, type FakeReplicate } from "@/tests/fakes/hosted/replicate-server";
import { ledgerOf, tempStorage, waitForFinished } from "@/tests/helpers/generation";
import { likenessPhotos } from "@/tests/helpers/likeness-photos";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { headshotJob, imagesOf, newUser, predictionsOf, startHostedHarness, type HostedHarness } from "../generation/hosted/hosted-test-kit";

/**
 * The likeness guard on Replicate's and fal's predictions (decision 24, issue 36): the stand-ins
 * return the user's face at some places, another person's or none at others. Each refused image
 * is made again once by a new prediction of its position, for as many images as it refused;
 * one refused again is not delivered and is refunded; the checks are kept like the worker's.
 */

type Picture = "same" | "stranger" | "faceless";
let pictures: Record<Picture, Buffer>;
let userPhoto: Buffer;
const pictured = (...names: Picture[]) => names.map((name) => pictures[name]);

beforeAll(async () => {
  userPhoto = await likenessPhotos.userPhoto();
  pictures = { same: await likenessPhotos.samePerson(1), stranger: await likenessPhotos.stranger(), faceless: await likenessPhotos.faceless() };
});
afterAll(() => stopEngineProcess());

describeEachDatabase("the likeness guard on hosted predictions", (ctx) => {
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
    await replicate.close();
    await fal.close();
    await harness.receiver.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    replicate.requests.length = 0;
    fal.requests.length = 0;
  });
  afterEach(() => harness.stop());

  const checksOf = (generationId: string) =>
    ctx.db
      .select({ position: likenessChecks.position, attempt: likenessChecks.attempt, verdict: likenessChecks.verdict, delivered: likenessChecks.delivered })
      .from(likenessChecks)
      .where(eq(likenessChecks.generationId, generationId))
      .orderBy(asc(likenessChecks.attempt), asc(likenessChecks.position));
  const creates = (service: FakeReplicate | FakeFal) => service.requests.filter((request) => request.method === "POST");

  it("Replicate: remakes the refused headshots of each prediction in one new prediction each, delivers 9 of 10 and refunds 2 credits", async () => {
    replicate.plan(
      { outcome: { status: "succeeded", pictures: pictured("same", "stranger", "same", "faceless") } },
      { outcome: { status: "succeeded", pictures: pictured("same", "same", "same") } },
      { outcome: { status: "succeeded", pictures: pictured("same", "same", "stranger") } },
      // The remakes, in the order they are sent: two images for the first prediction, one for the third.
      { outcome: { status: "succeeded", pictures: pictured("same", "stranger") } },
      { outcome: { status: "succeeded", pictures: pictured("same") } },
    );
    harness.start({ IMAGE_ENGINE: "replicate", REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.apiUrl });
    const userId = await newUser(ctx.db, 25);
    const { id } = await createGeneration(ctx.db, { userId, ...headshotJob, originalImage: userPhoto }, { storage });

    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete", numberShots: 10 });
    const posts = creates(replicate);
    expect(posts.map((post) => (post.body as { input: { num_outputs: number } }).input.num_outputs)).toEqual([4, 3, 3, 2, 1]);
    expect(posts.slice(3).map((post) => (post.body as { webhook: string }).webhook)).toEqual([
      expect.stringContaining(`generation=${id}&position=0&attempt=2`),
      expect.stringContaining(`generation=${id}&position=2&attempt=2`),
    ]);
    expect(await imagesOf(ctx.db, id)).toHaveLength(9);
    expect((await checksOf(id)).map(({ position, attempt, verdict, delivered }) => [position, attempt, verdict, delivered])).toEqual([
      [0, 1, "passed", true],
      [1, 1, "notSamePerson", false],
      [2, 1, "passed", true],
      [3, 1, "noFace", false],
      ...[4, 5, 6, 7, 8].map((position) => [position, 1, "passed", true]),
      [9, 1, "notSamePerson", false],
      [1, 2, "passed", true],
      [3, 2, "notSamePerson", false],
      [9, 2, "passed", true],
    ]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(25 - 20 + 2);
    expect((await ledgerOf(ctx.db, id)).map((entry) => [entry.kind, entry.delta])).toEqual([
      ["spend", -20],
      ["refund", 2],
    ]);
    expect(await loadLikenessSummary(ctx.db, userId, id)).toEqual({ remade: 3, notDelivered: 1 });
    expect((await predictionsOf(ctx.db, id)).map((row) => [row.position, row.attempt, row.status, row.imageCount]).sort()).toEqual([
      [0, 1, "succeeded", 4],
      [0, 2, "succeeded", 2],
      [1, 1, "succeeded", 3],
      [2, 1, "succeeded", 3],
      [2, 2, "succeeded", 1],
    ]);
  });

  it("fal: a Hair Changer result of another person, made again without a face, is not delivered and the job is refunded in full", async () => {
    fal.plan({ outcome: { status: "succeeded", pictures: pictured("stranger") } }, { outcome: { status: "succeeded", pictures: pictured("faceless") } });
    harness.start({ IMAGE_ENGINE: "fal", FAL_KEY: fal.key, FAL_QUEUE_URL: fal.origin, FAL_WEBHOOK_JWKS_URL: fal.jwksUrl });
    const userId = await newUser(ctx.db, 10);
    const { id } = await createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style: "curlyBob" }, originalImage: userPhoto }, { storage });

    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "failed", errorKey: "generation.errors.likenessFailed" });
    expect(creates(fal)).toHaveLength(2);
    expect(await imagesOf(ctx.db, id)).toEqual([]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(10);
    expect((await checksOf(id)).map(({ attempt, verdict, delivered }) => [attempt, verdict, delivered])).toEqual([
      [1, "notSamePerson", false],
      [2, "noFace", false],
    ]);
  });

  it("fal: a Hair Changer result that keeps the person is delivered at once, with one prediction", async () => {
    fal.plan({ outcome: { status: "succeeded" } });
    harness.start({ IMAGE_ENGINE: "fal", FAL_KEY: fal.key, FAL_QUEUE_URL: fal.origin, FAL_WEBHOOK_JWKS_URL: fal.jwksUrl });
    const userId = await newUser(ctx.db, 10);
    const { id } = await createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style: "curlyBob" }, originalImage: userPhoto }, { storage });

    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete" });
    expect(creates(fal)).toHaveLength(1);
    expect(await checksOf(id)).toEqual([{ position: 0, attempt: 1, verdict: "passed", delivered: true }]);
  });
});
