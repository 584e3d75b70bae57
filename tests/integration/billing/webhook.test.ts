import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { generations, stripeEvents } from "@/db/schema";
import type { BillingContext } from "@/lib/billing/context";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import { causeKeys, ensureProfile, spendCredits } from "@/lib/credits/ledger";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import {
  checkoutSessionObject,
  pendingPurchase,
  signedWebhook,
  stripeEvent,
  stripeModeContext,
  stripeSubscription,
  webhookSecret,
} from "@/tests/helpers/billing";
import { createUser } from "@/tests/helpers/factories";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

const day = 24 * 60 * 60 * 1000;
const periodStart = new Date("2026-03-10T12:00:00Z");
const periodEnd = new Date("2026-04-10T12:00:00Z");

describeEachDatabase("Stripe webhook", (ctx) => {
  let fake: FakeStripe;
  let billing: BillingContext;
  let userId: string;
  let now: Date;

  beforeAll(async () => {
    fake = await startFakeStripe();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await fake.close();
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    fake.subscriptions.clear();
    now = new Date(periodStart.getTime() + day);
    billing = stripeModeContext(ctx.db, fake, { now: () => now });
    userId = (await createUser(ctx.db)).id;
    await ensureProfile(ctx.db, userId);
  });

  const deliver = (event: object) => handleStripeWebhook(billing, signedWebhook(event));

  async function subscriptionPurchase(subscriptionId: string, planId = "pro") {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "subscription", itemId: `${planId}_monthly`, amountMinor: 4999 });
    fake.subscriptions.set(
      subscriptionId,
      stripeSubscription({ id: subscriptionId, customer: "cus_1", periodStart, periodEnd, metadata: { userId, planId } }),
    );
    const session = checkoutSessionObject({ id: `cs_${subscriptionId}`, purchase, mode: "subscription", subscription: subscriptionId, customer: "cus_1" });
    return { purchase, completed: stripeEvent("checkout.session.completed", session) };
  }

  it("grants a paid top-up's credits once, however often the event comes", async () => {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "top_up", itemId: "top_up_200", amountMinor: 4900, credits: 200 });
    const event = stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_topup", purchase }));
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(205);
    expect(await findPurchase(ctx.db, userId, purchase.id)).toMatchObject({ status: "paid", stripeCheckoutSessionId: "cs_topup" });
    const entries = await listLedgerEntries(ctx.db, userId, { limit: 10 });
    expect(entries.filter((e) => e.kind === "purchase")).toMatchObject([{ delta: 200, causeKey: causeKeys.purchase(purchase.id), purchaseId: purchase.id }]);
  });

  it("waits for an unpaid (delayed) payment and fulfils it when it succeeds", async () => {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "top_up", itemId: "top_up_30", amountMinor: 900, credits: 30 });
    await deliver(stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_delayed", purchase, paymentStatus: "unpaid" })));
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    await deliver(stripeEvent("checkout.session.async_payment_succeeded", checkoutSessionObject({ id: "cs_delayed", purchase })));
    expect(await readAvailableCredits(ctx.db, userId)).toBe(35);
  });

  it("answers 400 to a tampered body, a wrong secret or no signature, and changes nothing", async () => {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "top_up", itemId: "top_up_1000", amountMinor: 19900, credits: 1000 });
    const signed = signedWebhook(stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_forged", purchase })));
    const tampered = { ...signed, rawBody: signed.rawBody.replace('"paid"', '"paid" ') };
    expect((await handleStripeWebhook(billing, tampered)).status).toBe(400);
    expect((await handleStripeWebhook(billing, { ...signed, secret: "whsec_other" })).status).toBe(400);
    expect((await handleStripeWebhook(billing, { ...signed, signature: null })).status).toBe(400);
    expect((await handleStripeWebhook(billing, { ...signed, secret: undefined })).status).toBe(503);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    expect(await ctx.db.select().from(stripeEvents)).toHaveLength(0);
    expect((await findPurchase(ctx.db, userId, purchase.id))?.status).toBe("pending");
  });

  it("refuses a signature stamped more than five minutes in the future or past, and accepts a little clock skew", async () => {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "top_up", itemId: "top_up_30", amountMinor: 900, credits: 30 });
    const event = stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_skew", purchase }));
    const seconds = Math.floor(Date.now() / 1000);
    for (const offset of [3600, 310, -3600]) {
      expect((await handleStripeWebhook(billing, signedWebhook(event, webhookSecret, seconds + offset))).status).toBe(400);
    }
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    expect((await handleStripeWebhook(billing, signedWebhook(event, webhookSecret, seconds + 120))).status).toBe(200);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(35);
  });

  it("acknowledges events it does not handle", async () => {
    expect(await deliver(stripeEvent("customer.created", { id: "cus_9", object: "customer" }))).toEqual({
      status: 200,
      body: { received: true, ignored: true },
    });
  });

  it("starts a plan from a completed subscription checkout", async () => {
    const { purchase, completed } = await subscriptionPurchase("sub_start");
    await deliver(completed);
    expect(await findProfile(ctx.db, userId)).toMatchObject({
      subscriptionPlan: "pro",
      subscriptionPeriod: "monthly",
      subscriptionStatus: "active",
      monthlyCredits: 150,
      creditsUsed: 0,
      stripeSubscriptionId: "sub_start",
      stripeCustomerId: "cus_1",
      currentPeriodEnd: periodEnd,
      creditsPeriodStart: periodStart,
    });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(155);
    expect((await findPurchase(ctx.db, userId, purchase.id))?.status).toBe("paid");
  });

  it("resets credits_used when invoice.paid opens a new period", async () => {
    const { completed } = await subscriptionPurchase("sub_renew");
    await deliver(completed);
    await spendCredits(ctx.db, { userId, amount: 45, causeKey: "test:spend" });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 0, creditsUsed: 40 });
    fake.subscriptions.set("sub_renew", stripeSubscription({ id: "sub_renew", customer: "cus_1", periodStart: periodEnd, periodEnd: new Date("2026-05-10T12:00:00Z") }));
    now = new Date(periodEnd.getTime() + 60_000);
    const invoice = { id: "in_2", object: "invoice", customer: "cus_1", parent: { type: "subscription_details", subscription_details: { subscription: "sub_renew", metadata: {} } } };
    await deliver(stripeEvent("invoice.paid", invoice));
    expect(await findProfile(ctx.db, userId)).toMatchObject({ creditsUsed: 0, monthlyCredits: 150, creditsPeriodStart: periodEnd });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(150);
  });

  it("reads an invoice's subscription from older API versions too", async () => {
    const { completed } = await subscriptionPurchase("sub_legacy");
    await deliver(completed);
    await spendCredits(ctx.db, { userId, amount: 25, causeKey: "test:spend" });
    fake.subscriptions.set("sub_legacy", stripeSubscription({ id: "sub_legacy", customer: "cus_1", periodStart: periodEnd, periodEnd: new Date("2026-05-10T12:00:00Z") }));
    now = new Date(periodEnd.getTime() + 60_000);
    await deliver(stripeEvent("invoice.paid", { id: "in_old", object: "invoice", customer: "cus_1", subscription: "sub_legacy" }));
    expect((await findProfile(ctx.db, userId))?.creditsUsed).toBe(0);
  });

  it("keeps a cancelled plan until the period ends, then takes the allowance away", async () => {
    const { completed } = await subscriptionPurchase("sub_cancel");
    await deliver(completed);
    await spendCredits(ctx.db, { userId, amount: 15, causeKey: "test:spend" });
    const cancelling = stripeSubscription({ id: "sub_cancel", customer: "cus_1", periodStart, periodEnd, cancelAtPeriodEnd: true });
    fake.subscriptions.set("sub_cancel", cancelling);
    await deliver(stripeEvent("customer.subscription.updated", cancelling));
    expect(await findProfile(ctx.db, userId)).toMatchObject({
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
      subscriptionEndDate: periodEnd,
      monthlyCredits: 150,
      creditsUsed: 10,
    });
    const ended = stripeSubscription({ id: "sub_cancel", customer: "cus_1", status: "canceled", periodStart, periodEnd });
    fake.subscriptions.set("sub_cancel", ended);
    await deliver(stripeEvent("customer.subscription.deleted", ended));
    // What was used that month stays recorded; with no allowance left it counts for nothing.
    expect(await findProfile(ctx.db, userId)).toMatchObject({ subscriptionStatus: "canceled", monthlyCredits: 0, creditsUsed: 10, bonusCredits: 0 });
    const [latest] = await listLedgerEntries(ctx.db, userId, { limit: 1 });
    expect(latest).toMatchObject({ kind: "expiry", delta: -140, balanceAfter: 0 });
  });

  it("follows a plan change made in the Customer Portal through configured price ids", async () => {
    billing = stripeModeContext(ctx.db, fake, { now: () => now, planPriceIds: { pro_monthly: "price_pro_m", advanced_monthly: "price_adv_m" } });
    const { completed } = await subscriptionPurchase("sub_change");
    await deliver(completed);
    await spendCredits(ctx.db, { userId, amount: 25, causeKey: "test:spend" });
    const upgraded = stripeSubscription({ id: "sub_change", customer: "cus_1", priceId: "price_adv_m", periodStart, periodEnd });
    fake.subscriptions.set("sub_change", upgraded);
    await deliver(stripeEvent("customer.subscription.updated", upgraded));
    expect(await findProfile(ctx.db, userId)).toMatchObject({ subscriptionPlan: "advanced", monthlyCredits: 300, creditsUsed: 20 });
  });

  it("ignores a late event of an older subscription", async () => {
    const { completed } = await subscriptionPurchase("sub_current");
    await deliver(completed);
    const old = stripeSubscription({ id: "sub_old", customer: "cus_1", status: "canceled", periodStart, periodEnd, metadata: { userId, planId: "starter" } });
    fake.subscriptions.set("sub_old", old);
    await deliver(stripeEvent("customer.subscription.deleted", old));
    expect(await findProfile(ctx.db, userId)).toMatchObject({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current", monthlyCredits: 150 });
  });

  it("marks a paid cash pack and releases its waiting headshot generation", async () => {
    const [generation] = await ctx.db
      .insert(generations)
      .values({ userId, tool: "headshot_pro", category: "Headshot Pro", runAfter: null })
      .returning();
    if (!generation) throw new Error("no generation");
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "cash_pack", itemId: "25_headshots", amountMinor: 1499, generationId: generation.id });
    await deliver(stripeEvent("checkout.session.completed", checkoutSessionObject({ id: "cs_pack", purchase })));
    expect((await findPurchase(ctx.db, userId, purchase.id))?.status).toBe("paid");
    const [released] = await ctx.db.select().from(generations).where(eq(generations.id, generation.id));
    expect(released?.runAfter).toBeInstanceOf(Date);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
  });

  it("closes an expired checkout's purchase", async () => {
    const purchase = await pendingPurchase(ctx.db, { userId, kind: "cash_pack", itemId: "10_headshots", amountMinor: 999 });
    await deliver(stripeEvent("checkout.session.expired", checkoutSessionObject({ id: "cs_exp", purchase, paymentStatus: "unpaid" })));
    expect((await findPurchase(ctx.db, userId, purchase.id))?.status).toBe("cancelled");
  });
});
