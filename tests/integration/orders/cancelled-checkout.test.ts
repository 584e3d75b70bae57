import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { findPurchase } from "@/db/queries/purchases";
import { generations, orderRefunds, purchases } from "@/db/schema";
import { startCheckout } from "@/lib/billing/checkout";
import type { BillingContext } from "@/lib/billing/context";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import { createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { getGenerationStatus } from "@/lib/generation/generation-status";
import { closeCancelledCheckout } from "@/lib/orders/close-order";
import { cleanUpAbandonedOrders } from "@/lib/orders/order-housekeeping";
import { startCashPackOrder } from "@/lib/orders/cash-pack-order";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import { checkoutSessionObject, signedWebhook, stripeEvent, stripeModeContext } from "@/tests/helpers/billing";
import { generationRow, tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The actions resolve the user, database, storage and language through one module each.
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));
vi.mock("@/lib/i18n/request", () => ({ resolveLocale: async () => "en" }));
vi.mock("next-intl/server", () => ({ getTranslations: async () => (key: string) => key }));

const { createCashPackCheckoutAction } = await import("@/lib/actions/create-cash-pack-checkout");
const { cancelTestCheckoutAction } = await import("@/lib/actions/cancel-test-checkout");
const { payTestCheckoutAction } = await import("@/lib/actions/pay-test-checkout");
const { payCashPackAgainAction } = await import("@/lib/actions/pay-cash-pack-again");
const { closeCancelledCheckoutAction } = await import("@/lib/actions/close-cancelled-checkout");

/**
 * Issue 15 story 7: a checkout that is cancelled (the test checkout's Cancel, Stripe's back
 * link) or expires (checkout.session.expired) closes its order. The waiting page learns it from
 * the generation's status and offers to pay again; an order left unpaid for 24 hours is
 * deleted with its photo, and a payment that still lands for it is refunded.
 */
describeEachDatabase("cancelled and abandoned checkouts", (ctx) => {
  let fake: FakeStripe;
  let billing: BillingContext;
  let storage: LocalDiskStorage;
  let photo: Buffer;
  let dataUrl: string;
  let user: { id: string; email: string };
  const options = { gender: "male", ageRange: "26_35", styleIds: [2, 4] };

  beforeAll(async () => {
    state.db = ctx.db;
    fake = await startFakeStripe();
    photo = await testPhoto();
    dataUrl = `data:image/jpeg;base64,${photo.toString("base64")}`;
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
    fake.clearFailures();
    storage = tempStorage();
    state.storage = storage;
    billing = stripeModeContext(ctx.db, fake);
    user = { id: await userWithCredits(ctx.db, 5), email: "buyer@example.test" };
    state.user = user;
  });

  async function orderWithTestCheckout() {
    const result = await createCashPackCheckoutAction({ packageType: "10_headshots", options, image: dataUrl });
    if (!result.ok) throw new Error(result.error);
    const purchaseId = /\/checkout\/test\/([0-9a-f-]{36})/.exec(result.data.url)?.[1] ?? "";
    return { generationId: result.data.generationId, purchaseId };
  }

  async function orderWithStripe() {
    const { id } = await createHeadshotAwaitingPayment(ctx.db, { userId: user.id, input: { ...options, packageId: "10_headshots" }, originalImage: photo }, { storage });
    const { purchaseId } = await startCheckout(billing, user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en", generationId: id });
    const purchase = await findPurchase(ctx.db, user.id, purchaseId ?? "");
    if (!purchase) throw new Error("no purchase");
    return { generationId: id, purchase };
  }

  const status = (generationId: string) => getGenerationStatus(ctx.db, user.id, generationId);

  it("shows a cancelled test checkout on the waiting page, and pays the same order again", async () => {
    const { generationId, purchaseId } = await orderWithTestCheckout();
    expect(await status(generationId)).toMatchObject({ status: "pending", awaitingPayment: true, paymentCancelled: false });
    expect(await cancelTestCheckoutAction({ purchaseId })).toEqual({
      ok: true,
      data: { next: `/headshot-pro/packs?checkout=cancelled&order=${purchaseId}` },
    });
    expect(await status(generationId)).toMatchObject({ awaitingPayment: true, paymentCancelled: true });
    // The page the Cancel returned to closes the order again: nothing changes, nothing fails.
    expect(await closeCancelledCheckoutAction({ purchaseId })).toEqual({ ok: true, data: { closed: false } });

    const again = await payCashPackAgainAction({ generationId });
    if (!again.ok) throw new Error(again.error);
    expect(again.data.generationId).toBe(generationId);
    const secondId = /\/checkout\/test\/([0-9a-f-]{36})/.exec(again.data.url)?.[1] ?? "";
    expect(secondId).not.toBe(purchaseId);
    expect(await status(generationId)).toMatchObject({ awaitingPayment: true, paymentCancelled: false });
    await payTestCheckoutAction({ purchaseId: secondId });
    expect(await status(generationId)).toMatchObject({ status: "pending", awaitingPayment: false, paymentCancelled: false });
    // A paid order cannot be paid again.
    expect(await payCashPackAgainAction({ generationId })).toMatchObject({ ok: false, error: "errors.unknownItem" });
  });

  it("closes the order when Stripe's session expires, through the signed webhook", async () => {
    const { generationId, purchase } = await orderWithStripe();
    const session = { ...checkoutSessionObject({ id: purchase.stripeCheckoutSessionId ?? "", purchase, paymentStatus: "unpaid" }), status: "expired" };
    const answer = await handleStripeWebhook(billing, signedWebhook(stripeEvent("checkout.session.expired", session)));
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await findPurchase(ctx.db, user.id, purchase.id)).toMatchObject({ status: "cancelled" });
    expect(await status(generationId)).toMatchObject({ paymentCancelled: true });
  });

  it("closes the order and expires its Stripe session when the buyer comes back through Cancel", async () => {
    const { generationId, purchase } = await orderWithStripe();
    expect(await closeCancelledCheckout(billing, user.id, purchase.id)).toEqual({ closed: true });
    expect(fake.requestsTo("POST", `/v1/checkout/sessions/${purchase.stripeCheckoutSessionId}/expire`)).toHaveLength(1);
    expect(await status(generationId)).toMatchObject({ paymentCancelled: true });
    const stranger = await userWithCredits(ctx.db, 0);
    await expect(closeCancelledCheckout(billing, stranger, purchase.id)).rejects.toMatchObject({ code: "purchaseNotFound" });
  });

  it("cleans up orders left unpaid for 24 hours with their photos, and refunds a payment that lands later", async () => {
    const old = await orderWithStripe();
    const recent = await orderWithStripe();
    const oldKey = (await generationRow(ctx.db, old.generationId)).originalImageKey ?? "";
    await ctx.db.update(generations).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(generations.id, old.generationId));
    expect(await storage.get(oldKey)).not.toBeNull();

    expect(await cleanUpAbandonedOrders(billing, storage)).toEqual({ orders: 1, files: 1 });
    expect(await ctx.db.select().from(generations).where(eq(generations.id, old.generationId))).toEqual([]);
    expect(await storage.get(oldKey)).toBeNull();
    expect(await findPurchase(ctx.db, user.id, old.purchase.id)).toMatchObject({ status: "cancelled", generationId: null });
    expect(fake.requestsTo("POST", `/v1/checkout/sessions/${old.purchase.stripeCheckoutSessionId}/expire`)).toHaveLength(1);
    expect(await status(recent.generationId)).toMatchObject({ awaitingPayment: true, paymentCancelled: false });
    expect(await cleanUpAbandonedOrders(billing, storage)).toEqual({ orders: 0, files: 0 });

    const session = { ...checkoutSessionObject({ id: old.purchase.stripeCheckoutSessionId ?? "", purchase: old.purchase }), payment_intent: "pi_late" };
    await handleStripeWebhook(billing, signedWebhook(stripeEvent("checkout.session.completed", session)));
    expect(await ctx.db.select().from(orderRefunds)).toMatchObject([{ purchaseId: old.purchase.id, reason: "order_closed", amountMinor: 999 }]);
  });

  it("leaves nothing behind when the checkout cannot be opened", async () => {
    fake.failRequests("/v1/checkout/sessions");
    await expect(
      startCashPackOrder(billing, user, { packageType: "25_headshots", options, photo, locale: "en" }, { storage }),
    ).rejects.toMatchObject({ code: "checkoutFailed" });
    expect(await ctx.db.select().from(generations)).toEqual([]);
    expect(await ctx.db.select().from(purchases)).toMatchObject([{ status: "failed", generationId: null }]);
    const keys: string[] = [];
    for await (const object of storage.list(`${user.id}/`)) keys.push(object.key);
    expect(keys).toEqual([]);
  });
});
