import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { LikenessNotice } from "@/components/generation/likeness-notice";
import { readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { generationImages, likenessChecks, orderRefunds } from "@/db/schema";
import { startCheckout } from "@/lib/billing/checkout";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { createGeneration, createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { getGenerationStatus } from "@/lib/generation/generation-status";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import type { EngineJob } from "@/lib/generation/engines/types";
import { loadLikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import ar from "@/messages/ar.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { sendPendingOrderRefunds } from "@/lib/orders/order-refunds";
import { testModeContext } from "@/tests/helpers/billing";
import { ledgerOf, tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { likenessPhotos } from "@/tests/helpers/likeness-photos";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * The likeness guard in the worker (decision 24, DESIGN rule 13), with a stand-in engine that
 * returns the user's face for some positions, another person's face or a photo with no face for
 * others: each refused image is made again once, for its own position; one refused again is not
 * delivered and is refunded at 2 credits an image; the checks and the words of the results page
 * follow.
 */

type Picture = "same" | "stranger" | "faceless";

let pictures: Record<Picture, Buffer>;
let userPhoto: Buffer;

beforeAll(async () => {
  userPhoto = await likenessPhotos.userPhoto();
  pictures = { same: await likenessPhotos.samePerson(2), stranger: await likenessPhotos.stranger(), faceless: await likenessPhotos.faceless() };
});
afterAll(() => stopEngineProcess());

/** An engine whose first run returns `first` (one picture per position) and whose remakes return `remade` for the positions asked. */
function standIn(first: readonly Picture[], remade: Partial<Record<number, Picture>> = {}) {
  return scriptedEngine(async (job: EngineJob) => {
    if (!job.positions) return first.map((picture) => new Uint8Array(pictures[picture]));
    return job.positions.map((position) => new Uint8Array(pictures[remade[position] ?? "same"]));
  });
}

const intlOf = (locale: string, messages: object) => ({ locale, messages, timeZone: "UTC" }) as ComponentProps<typeof NextIntlClientProvider>;

function noticeText(locale: string, messages: object, summary: { remade: number; notDelivered: number }, ordered: number): string {
  const html = renderToStaticMarkup(createElement(NextIntlClientProvider, intlOf(locale, messages), createElement(LikenessNotice, { summary, ordered })));
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describeEachDatabase("the likeness guard", (ctx) => {
  let storage: LocalDiskStorage;
  let worker: TestWorker | undefined;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const checksOf = (generationId: string) =>
    ctx.db
      .select({ position: likenessChecks.position, attempt: likenessChecks.attempt, verdict: likenessChecks.verdict, delivered: likenessChecks.delivered, imageId: likenessChecks.imageId, score: likenessChecks.score })
      .from(likenessChecks)
      .where(eq(likenessChecks.generationId, generationId))
      .orderBy(asc(likenessChecks.attempt), asc(likenessChecks.position));
  const imagesOf = (generationId: string) =>
    ctx.db.select().from(generationImages).where(eq(generationImages.generationId, generationId)).orderBy(asc(generationImages.position));

  it("remakes 4 of 10 headshots once, each for its own position, delivers 8 and refunds 4 credits for the 2 that failed again", async () => {
    const userId = await userWithCredits(ctx.db, 25);
    const engine = standIn(["same", "same", "same", "same", "same", "same", "stranger", "stranger", "faceless", "faceless"], { 6: "same", 7: "stranger", 8: "same", 9: "faceless" });
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await createGeneration(ctx.db, { userId, tool: "headshot_pro", input: { gender: "female", ageRange: "36_45", styleIds: [1, 2], packageId: "basic" }, originalImage: userPhoto }, { storage });
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete", numberShots: 10 });

    expect(engine.jobs).toHaveLength(2);
    expect(engine.jobs[1]).toMatchObject({ positions: [6, 7, 8, 9], imageCount: 10 });
    const images = await imagesOf(id);
    expect(images.map((image) => image.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    const checks = await checksOf(id);
    expect(checks.map(({ position, attempt, verdict, delivered }) => [position, attempt, verdict, delivered])).toEqual([
      ...[0, 1, 2, 3, 4, 5].map((position) => [position, 1, "passed", true]),
      [6, 1, "notSamePerson", false],
      [7, 1, "notSamePerson", false],
      [8, 1, "noFace", false],
      [9, 1, "noFace", false],
      [6, 2, "passed", true],
      [7, 2, "notSamePerson", false],
      [8, 2, "passed", true],
      [9, 2, "noFace", false],
    ]);
    // Each delivered check names its image, in the order of the positions; the scores are kept.
    expect(checks.filter((check) => check.delivered).map((check) => check.imageId)).toEqual(images.map((image) => image.id));
    expect(checks.filter((check) => check.verdict === "passed").every((check) => (check.score ?? 0) >= 0.42)).toBe(true);
    expect(checks.filter((check) => check.verdict === "notSamePerson").every((check) => (check.score ?? 1) < 0.42)).toBe(true);

    expect(await ledgerOf(ctx.db, id)).toEqual(
      expect.arrayContaining([
        { kind: "spend", delta: -20, causeKey: `generation:${id}:spend` },
        { kind: "refund", delta: 4, causeKey: `generation:${id}:refund` },
      ]),
    );
    expect(await readAvailableCredits(ctx.db, userId)).toBe(9);
    expect(await getGenerationStatus(ctx.db, userId, id)).toMatchObject({ refund: { missingImages: 2, credits: 4, money: null } });

    const summary = await loadLikenessSummary(ctx.db, userId, id);
    expect(summary).toEqual({ remade: 4, notDelivered: 2 });
    expect(noticeText("en", en, summary, 10)).toBe(
      "4 of 10 headshots did not look enough like you and were made again. 2 headshots still did not look enough like you after a second try, so we did not deliver them.",
    );
    expect(noticeText("de", de, summary, 10)).toContain("4 von 10 Porträts sahen dir nicht ähnlich genug und wurden neu erstellt.");
    expect(noticeText("ar", ar, { remade: 2, notDelivered: 1 }, 10)).toContain("صورتان شخصيتان من أصل 10");
    // Another user sees nothing of it.
    const other = await userWithCredits(ctx.db, 0);
    expect(await loadLikenessSummary(ctx.db, other, id)).toEqual({ remade: 0, notDelivered: 0 });
  });

  it("refunds a cash pack's share of its price for the headshots that failed twice", async () => {
    const user = { id: await userWithCredits(ctx.db, 0), email: "buyer@example.test" };
    const billing = testModeContext(ctx.db);
    const { id } = await createHeadshotAwaitingPayment(ctx.db, { userId: user.id, input: { gender: "female", ageRange: "26_35", styleIds: [1, 3], packageId: "10_headshots" }, originalImage: userPhoto }, { storage });
    const { purchaseId } = await startCheckout(billing, user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en", generationId: id });
    if (!purchaseId) throw new Error("no purchase");
    worker = startTestWorker(ctx.db, storage, standIn(["same", "same", "same", "same", "same", "same", "same", "stranger", "faceless", "same"], { 7: "stranger", 8: "faceless" }));
    await payTestCheckout(billing, user.id, purchaseId);
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete" });
    expect(await imagesOf(id)).toHaveLength(8);
    // 9.99 for 10 headshots: 2 not delivered give back 2.00, pro rata.
    expect(await ctx.db.select().from(orderRefunds)).toMatchObject([{ generationId: id, reason: "partial_delivery", missingImages: 2, amountMinor: 200 }]);
    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 1, failed: 0 });
    expect(await getGenerationStatus(ctx.db, user.id, id)).toMatchObject({ refund: { missingImages: 2, credits: 0, money: { amountMinor: 200, currency: "usd", status: "refunded" } } });
    expect(await findPurchase(ctx.db, user.id, purchaseId)).toBeTruthy();
  });

  it("delivers a Hair Changer result made again after a stranger, at the full price, and says so", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const engine = standIn(["stranger"], { 0: "same" });
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style: "blonde", customPrompt: "" }, originalImage: userPhoto }, { storage });
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete" });
    expect(await imagesOf(id)).toHaveLength(1);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(2);
    expect((await ledgerOf(ctx.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
    const summary = await loadLikenessSummary(ctx.db, userId, id);
    expect(summary).toEqual({ remade: 1, notDelivered: 0 });
    expect(noticeText("en", en, summary, 1)).toBe("The first result did not look enough like you, so it was made again.");
  });

  it("fails a Body Shaper job whose image and its remake both show no face, refunds it in full and keeps both checks", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const engine = standIn(["faceless"], { 0: "faceless" });
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await createGeneration(ctx.db, { userId, tool: "body_shaper", input: { gender: "female", style: "slimFit", customPrompt: "" }, originalImage: userPhoto }, { storage });
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "failed", errorKey: "generation.errors.likenessFailed" });
    expect(await imagesOf(id)).toEqual([]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(4);
    expect((await checksOf(id)).map(({ attempt, verdict, delivered }) => [attempt, verdict, delivered])).toEqual([
      [1, "noFace", false],
      [2, "noFace", false],
    ]);
    expect(en.generation.errors.likenessFailed).toContain("did not look enough like the person in your photo");
  });

  it("delivers every image unchecked when the user's photo has no face to compare, and never remakes", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const engine = standIn(["stranger"]);
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "male", style: "blonde", customPrompt: "" }, originalImage: await testPhoto() }, { storage });
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete" });
    expect(engine.jobs).toHaveLength(1);
    expect(await checksOf(id)).toMatchObject([{ position: 0, attempt: 1, verdict: "unchecked", delivered: true, score: null }]);
  });

  it("leaves AI Product alone: its images show products, not the user", async () => {
    const userId = await userWithCredits(ctx.db, 4);
    const engine = standIn(["faceless"]);
    worker = startTestWorker(ctx.db, storage, engine);
    const { id } = await createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on a marble table", dimension: "square" }, originalImage: userPhoto }, { storage });
    expect(await waitForFinished(ctx.db, id, 120_000)).toMatchObject({ status: "complete" });
    expect(await imagesOf(id)).toHaveLength(1);
    expect(await ctx.db.select().from(likenessChecks).where(and(eq(likenessChecks.generationId, id)))).toEqual([]);
  });
});
