import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { findPurchase } from "@/db/queries/purchases";
import { generations, orderRefunds, purchases } from "@/db/schema";
import { loadActivity } from "@/lib/activity/load-activity";
import { startCheckout } from "@/lib/billing/checkout";
import type { BillingContext } from "@/lib/billing/context";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import { createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { JobFailure } from "@/lib/generation/errors";
import { getGenerationStatus } from "@/lib/generation/generation-status";
import { recoverAbandonedJobs } from "@/lib/generation/worker/job-outcomes";
import { sendPendingOrderRefunds } from "@/lib/orders/order-refunds";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import { expireCheckouts } from "@/lib/orders/expire-checkouts";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import { checkoutSessionObject, signedWebhook, stripeEvent, stripeModeContext, testModeContext } from "@/tests/helpers/billing";
import { tempStorage, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { scriptedEngine, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 15 story 3 and decision 19: a paid cash pack whose generation fails (engine error,
 * time limit) or delivers fewer headshots than bought gets its money back pro rata, through a
 * Stripe refund sent to the fake's POST /v1/refunds (the test checkout marks its order
 * refunded); a payment that lands for an order whose photos were deleted is refunded in full.
 * Payments arrive through the real webhook handler as signed events.
 */
describeEachDatabase("cash pack refunds", (ctx) => {
  let fake: FakeStripe;
  let billing: BillingContext;
  let storage: LocalDiskStorage;
  let photo: Buffer;
  let worker: TestWorker | undefined;
  let user: { id: string; email: string };
  const options = { gender: "female", ageRange: "26_35", styleIds: [1, 3] };

  beforeAll(async () => {
    fake = await startFakeStripe();
    photo = await testPhoto();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await fake.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    fake.requests.length = 0;
    fake.refunds.length = 0;
    fake.payments.clear();
    fake.clearFailures();
    storage = tempStorage();
    billing = stripeModeContext(ctx.db, fake);
    user = { id: await userWithCredits(ctx.db, 5), email: "buyer@example.test" };
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  /** The headshot flow's order: the waiting generation, then its Stripe checkout. */
  async function orderPack(packageType: "10_headshots" | "25_headshots", context = billing) {
    const { id } = await createHeadshotAwaitingPayment(
      ctx.db,
      { userId: user.id, input: { ...options, packageId: packageType }, originalImage: photo },
      { storage },
    );
    const { purchaseId } = await startCheckout(context, user, { kind: "cash_pack", packageType }, { locale: "en", generationId: id });
    if (!purchaseId) throw new Error("no purchase");
    const purchase = await findPurchase(ctx.db, user.id, purchaseId);
    if (!purchase) throw new Error("purchase not stored");
    return { generationId: id, purchase };
  }

  /** Stripe's checkout.session.completed for the order, paid with `paymentIntent`. */
  async function payWithStripe(purchase: NonNullable<Awaited<ReturnType<typeof findPurchase>>>, paymentIntent: string) {
    fake.payments.set(paymentIntent, purchase.amountMinor);
    const session = { ...checkoutSessionObject({ id: purchase.stripeCheckoutSessionId ?? "", purchase }), payment_intent: paymentIntent };
    const answer = await handleStripeWebhook(billing, signedWebhook(stripeEvent("checkout.session.completed", session)));
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
  }

  const refundRows = () => ctx.db.select().from(orderRefunds);
  const failingEngine = scriptedEngine(async () => {
    throw new JobFailure("webhookError", "Webhook error: the model is overloaded");
  });
  const shortEngine = (count: number) => scriptedEngine(async () => Array.from({ length: count }, () => new Uint8Array(photo)));

  it("refunds a failed pack's whole price through Stripe, once, and shows it on the loading page and in activity", async () => {
    const { generationId, purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_failed_pack");
    worker = startTestWorker(ctx.db, storage, failingEngine);
    expect(await waitForFinished(ctx.db, generationId)).toMatchObject({ status: "failed" });
    expect(await refundRows()).toMatchObject([
      { purchaseId: purchase.id, generationId, reason: "generation_failed", missingImages: 10, amountMinor: 999, currency: "usd", status: "pending" },
    ]);
    expect(await getGenerationStatus(ctx.db, user.id, generationId)).toMatchObject({
      status: "failed",
      refund: { missingImages: 10, credits: 0, money: { amountMinor: 999, currency: "usd", status: "pending" } },
    });

    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 1, failed: 0 });
    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 0, failed: 0 });
    expect(fake.refunds).toMatchObject([{ payment: "pi_failed_pack", amount: 999 }]);
    const [request] = fake.requestsTo("POST", "/v1/refunds");
    expect(request?.body).toMatchObject({ payment_intent: "pi_failed_pack", amount: "999", metadata: { purchaseId: purchase.id } });
    const [row] = await refundRows();
    expect(row).toMatchObject({ status: "refunded", providerRefundId: fake.refunds[0]?.id });
    expect(request?.idempotencyKey).toBe(`order-refund-${row?.id}`);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded", stripePaymentIntentId: "pi_failed_pack" });

    expect((await getGenerationStatus(ctx.db, user.id, generationId))?.refund?.money).toEqual({ amountMinor: 999, currency: "usd", status: "refunded" });
    const activity = await loadActivity(ctx.db, user.id, { page: 1 });
    expect(activity.finished).toMatchObject([{ id: generationId, status: "failed", refund: { money: { amountMinor: 999, status: "refunded" } } }]);
  });

  it("refunds the missing share of a short delivery: 3 of 10 headshots give back 6.99", async () => {
    const { generationId, purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_short_pack");
    worker = startTestWorker(ctx.db, storage, shortEngine(3));
    expect(await waitForFinished(ctx.db, generationId)).toMatchObject({ status: "complete" });
    await sendPendingOrderRefunds(billing);
    expect(fake.refunds).toMatchObject([{ payment: "pi_short_pack", amount: 699 }]);
    expect(await refundRows()).toMatchObject([{ reason: "partial_delivery", missingImages: 7, amountMinor: 699, status: "refunded" }]);
    // Part of the payment stays: the purchase is still paid.
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "paid" });
    expect((await getGenerationStatus(ctx.db, user.id, generationId))?.refund).toEqual({
      missingImages: 7,
      credits: 0,
      money: { amountMinor: 699, currency: "usd", status: "refunded" },
    });
  });

  it("refunds a pack whose job passed its time limit", async () => {
    const { generationId, purchase } = await orderPack("25_headshots");
    await payWithStripe(purchase, "pi_timed_out");
    await ctx.db.update(generations).set({ deadlineAt: sql`now() - interval '1 minute'` }).where(eq(generations.id, generationId));
    expect(await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).toEqual({ requeued: 0, failed: 1 });
    await sendPendingOrderRefunds(billing);
    expect(fake.refunds).toMatchObject([{ payment: "pi_timed_out", amount: 1499 }]);
  });

  it("retries a refund Stripe could not take, without refunding twice", async () => {
    const { generationId, purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_retry");
    worker = startTestWorker(ctx.db, storage, failingEngine);
    await waitForFinished(ctx.db, generationId);
    fake.failRequests("/v1/refunds");
    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 0, failed: 1 });
    expect(await refundRows()).toMatchObject([{ status: "pending", attempts: 1 }]);
    fake.clearFailures();
    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 1, failed: 0 });
    expect(fake.refunds).toHaveLength(1);
  });

  it("closes a waiting order when all photos are deleted, and refunds a payment that lands anyway", async () => {
    const { purchase } = await orderPack("10_headshots");
    const deleted = await deleteAllPhotos(ctx.db, storage, user.id);
    expect(deleted.closedCheckouts).toEqual([{ id: purchase.id, provider: "stripe", checkoutSessionId: purchase.stripeCheckoutSessionId }]);
    await expireCheckouts(billing, deleted.closedCheckouts);
    expect(fake.requestsTo("POST", `/v1/checkout/sessions/${purchase.stripeCheckoutSessionId}/expire`)).toHaveLength(1);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "cancelled", generationId: null });

    // The buyer had already pressed Pay: the payment arrives for an order that buys nothing.
    await payWithStripe(purchase, "pi_closed_order");
    expect(await refundRows()).toMatchObject([{ purchaseId: purchase.id, reason: "order_closed", amountMinor: 999, generationId: null }]);
    await sendPendingOrderRefunds(billing);
    expect(fake.refunds).toMatchObject([{ payment: "pi_closed_order", amount: 999 }]);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded" });
  });

  it("refunds a paid order still queued when all photos are deleted, sent at once (issue 34, story 3)", async () => {
    const { generationId, purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_queued_pack");
    const deleted = await deleteAllPhotos(ctx.db, storage, user.id);
    expect(deleted).toMatchObject({ generations: 1, refundsOwed: 1 });
    expect(await refundRows()).toMatchObject([
      { purchaseId: purchase.id, generationId: null, reason: "order_closed", missingImages: 10, amountMinor: 999, status: "pending" },
    ]);
    expect((await ctx.db.select().from(generations).where(eq(generations.id, generationId))).length).toBe(0);
    await sendPendingOrderRefunds(billing);
    expect(fake.refunds).toMatchObject([{ payment: "pi_queued_pack", amount: 999 }]);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded" });
    // Deleting again owes nothing more.
    expect(await deleteAllPhotos(ctx.db, storage, user.id)).toMatchObject({ refundsOwed: 0 });
  });

  it("deleting the account refunds a paid order not delivered first; a refund Stripe cannot take yet outlives the account", async () => {
    const { purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_account_pack");
    fake.failRequests("/v1/refunds", 500);
    const options = { db: ctx.db, storage, sendRefunds: () => sendPendingOrderRefunds(billing) };
    expect(await deleteAccount(options, user.id)).toEqual({ deleted: true });
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toBeUndefined();
    // Not cascaded: it names the payment, and the retry loop goes on sending it.
    expect(await refundRows()).toMatchObject([
      { purchaseId: null, userId: null, status: "pending", attempts: 1, provider: "stripe", stripePaymentIntentId: "pi_account_pack", paymentAmountMinor: 999 },
    ]);
    fake.clearFailures();
    expect(await sendPendingOrderRefunds(billing)).toEqual({ refunded: 1, failed: 0 });
    expect(fake.refunds).toMatchObject([{ payment: "pi_account_pack", amount: 999 }]);
    expect(await refundRows()).toMatchObject([{ status: "refunded" }]);
  });

  it("deleting the account sends what a paid order not delivered is owed before the account goes", async () => {
    const { purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_sent_pack");
    expect(await deleteAccount({ db: ctx.db, storage, sendRefunds: () => sendPendingOrderRefunds(billing) }, user.id)).toEqual({ deleted: true });
    expect(fake.refunds).toMatchObject([{ payment: "pi_sent_pack", amount: 999 }]);
    expect(await refundRows()).toMatchObject([{ status: "refunded", purchaseId: null }]);
  });

  it("refunds the second payment of an order that was already paid", async () => {
    const { generationId, purchase } = await orderPack("10_headshots");
    await payWithStripe(purchase, "pi_first");
    const second = await startCheckout(billing, user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en", generationId }).catch(
      (error: unknown) => error,
    );
    // A released order is no longer waiting: no second checkout starts from the app...
    expect(second).toMatchObject({ code: "unknownItem" });
    // ...but a second checkout opened earlier may still be paid.
    const [earlier] = await ctx.db
      .insert(purchases)
      .values({ userId: user.id, kind: "cash_pack", itemId: "10_headshots", amountMinor: 999, currency: "usd", generationId, stripeCheckoutSessionId: "cs_second" })
      .returning();
    if (!earlier) throw new Error("no purchase");
    await payWithStripe(earlier, "pi_second");
    await sendPendingOrderRefunds(billing);
    expect(fake.refunds).toMatchObject([{ payment: "pi_second", amount: 999 }]);
  });

  it("marks a test-checkout order refunded without any payment provider", async () => {
    const test = testModeContext(ctx.db);
    const { generationId, purchase } = await orderPack("10_headshots", test);
    await payTestCheckout(test, user.id, purchase.id);
    worker = startTestWorker(ctx.db, storage, failingEngine);
    await waitForFinished(ctx.db, generationId);
    expect(await sendPendingOrderRefunds(test)).toEqual({ refunded: 1, failed: 0 });
    expect(fake.requests).toEqual([]);
    expect(await refundRows()).toMatchObject([{ status: "refunded", providerRefundId: null, amountMinor: 999 }]);
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "refunded" });
  });
});
