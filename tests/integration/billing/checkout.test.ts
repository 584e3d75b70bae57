import { expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { findProfile } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { profiles } from "@/db/schema";
import type { BillingContext } from "@/lib/billing/context";
import { startCheckout } from "@/lib/billing/checkout";
import { openCustomerPortal } from "@/lib/billing/portal";
import type { FormObject } from "@/tests/fakes/stripe-server";
import { appUrl, stripeModeContext, subscribe, testModeContext } from "@/tests/helpers/billing";
import { stripeSuite } from "@/tests/helpers/stripe-suite";
import { describeEachDatabase } from "@/tests/helpers/test-db";

describeEachDatabase("Stripe Checkout", (ctx) => {
  const suite = stripeSuite(ctx);

  const sessionRequests = () => suite.fake.requestsTo("POST", "/v1/checkout/sessions");
  const onlySessionBody = (): FormObject => {
    const requests = sessionRequests();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    if (!request) throw new Error("no Checkout Session request");
    return request.body;
  };

  it("opens a monthly plan in subscription mode with the catalogue price, customer, URLs and metadata", async () => {
    const { url, purchaseId } = await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "pro", billingCycle: "monthly" }, { locale: "en" });
    const body = onlySessionBody();
    const profile = await findProfile(ctx.db, suite.user.id);
    expect(profile?.stripeCustomerId).toMatch(/^cus_/);
    expect(body).toMatchObject({
      mode: "subscription",
      customer: profile?.stripeCustomerId,
      client_reference_id: suite.user.id,
      currency: "usd",
      locale: "en",
      success_url: `${appUrl}/subscription?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/subscription?checkout=cancelled&order=${purchaseId}`,
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "4999", recurring: { interval: "month" } } }],
      metadata: { purchaseId, userId: suite.user.id, kind: "subscription", itemId: "pro_monthly" },
      subscription_data: { metadata: { userId: suite.user.id, purchaseId, planId: "pro", billingCycle: "monthly" } },
    });
    expect(sessionRequests()[0]?.idempotencyKey).toMatch(new RegExp(`^checkout-${purchaseId}-[0-9a-f]{16}$`));
    expect(sessionRequests()[0]?.authorization).toBe("Bearer sk_test_fake");
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const purchase = await findPurchase(ctx.db, suite.user.id, purchaseId ?? "");
    expect(purchase).toMatchObject({ kind: "subscription", provider: "stripe", itemId: "pro_monthly", amountMinor: 4999, currency: "usd", status: "pending" });
    expect(purchase?.stripeCheckoutSessionId).toMatch(/^cs_test_/);
  });

  it("charges a yearly plan twelve discounted months in EUR for German", async () => {
    await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "starter", billingCycle: "yearly" }, { locale: "de" });
    expect(onlySessionBody()).toMatchObject({
      currency: "eur",
      locale: "de",
      line_items: [{ price_data: { currency: "eur", unit_amount: String(679 * 12), recurring: { interval: "year" } } }],
    });
  });

  it("uses a configured price id instead of an inline price", async () => {
    const priced = stripeModeContext(ctx.db, suite.fake, { planPriceIds: { pro_yearly: "price_pro_yearly" } });
    await startCheckout(priced, suite.user, { kind: "subscription", planId: "pro", billingCycle: "yearly" }, { locale: "fr" });
    expect(onlySessionBody()).toMatchObject({ currency: "eur", line_items: [{ price: "price_pro_yearly", quantity: "1" }] });
  });

  it("sells top-ups to active subscribers only, in payment mode", async () => {
    await expect(startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 200 }, { locale: "en" })).rejects.toMatchObject({
      code: "subscriptionRequired",
    });
    expect(sessionRequests()).toHaveLength(0);
    await subscribe(ctx.db, suite.user.id, "starter");
    const { purchaseId } = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 200 }, { locale: "es" });
    expect(onlySessionBody()).toMatchObject({
      mode: "payment",
      line_items: [{ price_data: { currency: "eur", unit_amount: "4165", product_data: { name: "200 credits" } } }],
      payment_intent_data: { metadata: { purchaseId, kind: "top_up", itemId: "top_up_200" } },
    });
    expect(await findPurchase(ctx.db, suite.user.id, purchaseId ?? "")).toMatchObject({ credits: 200, amountMinor: 4165, currency: "eur" });
  });

  it("sells headshot cash packs in the language's currency", async () => {
    await startCheckout(suite.billing, suite.user, { kind: "cash_pack", packageType: "25_headshots" }, { locale: "fr" });
    expect(onlySessionBody()).toMatchObject({
      mode: "payment",
      line_items: [{ price_data: { currency: "eur", unit_amount: "1274", product_data: { name: "25 AI headshots" } } }],
    });
    await startCheckout(suite.billing, suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "ar" });
    expect(sessionRequests()[1]?.body).toMatchObject({ currency: "usd", locale: "auto", line_items: [{ price_data: { unit_amount: "999" } }] });
  });

  it("refuses an id the catalogue does not know and changes nothing", async () => {
    await subscribe(ctx.db, suite.user.id, "pro");
    await expect(startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 31 }, { locale: "en" })).rejects.toMatchObject({ code: "unknownItem" });
    expect(suite.fake.requests).toHaveLength(0);
  });

  it("gives a second click the same purchase and session", async () => {
    const request = { kind: "cash_pack", packageType: "50_headshots" } as const;
    const [first, second] = await Promise.all([
      startCheckout(suite.billing, suite.user, request, { locale: "en" }),
      startCheckout(suite.billing, suite.user, request, { locale: "en" }),
    ]);
    expect(second.purchaseId).toBe(first.purchaseId);
    expect(second.url).toBe(first.url);
    const sessionKeys = new Set(sessionRequests().map((r) => r.idempotencyKey));
    expect(sessionKeys.size).toBe(1);
  });

  it("a repeated click within a minute in another language or from another page opens a fresh session, never an error", async () => {
    await subscribe(ctx.db, suite.user.id, "pro");
    const first = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 200 }, { locale: "de" });
    const inFrench = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 200 }, { locale: "fr" });
    const fromWizard = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 200 }, { locale: "fr", returnTo: "headshot" });
    expect(new Set([first.purchaseId, inFrench.purchaseId, fromWizard.purchaseId]).size).toBe(1);
    const sessions = sessionRequests();
    expect(sessions.map((r) => r.body.locale)).toEqual(["de", "fr", "fr"]);
    expect(new Set(sessions.map((r) => r.idempotencyKey)).size).toBe(3);
    // Only the newest session can be paid; the purchase follows it.
    const ids = [first.url, inFrench.url, fromWizard.url].map((url) => url.split("/").at(-1) ?? "");
    expect(ids.map((id) => suite.fake.world.retrieveCheckoutSession(id).status)).toEqual(["expired", "expired", "open"]);
    expect(await findPurchase(ctx.db, suite.user.id, first.purchaseId ?? "")).toMatchObject({ stripeCheckoutSessionId: ids[2], status: "pending" });
  });

  it("a repeated click after the first session was paid shows that payment instead of opening another", async () => {
    await subscribe(ctx.db, suite.user.id, "pro");
    const first = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 30 }, { locale: "en" });
    const paidId = first.url.split("/").at(-1) ?? "";
    suite.fake.world.completeCheckout(paidId);
    const again = await startCheckout(suite.billing, suite.user, { kind: "top_up", credits: 30 }, { locale: "ar" });
    expect(again.url).toBe(`${appUrl}/subscription?session_id=${paidId}`);
    // The session made for the second click was expired before anyone could pay it.
    expect([...suite.fake.world.sessions.values()].map((session) => session.status)).toEqual(["complete", "expired"]);
  });

  it("creates one Stripe customer per user, even for racing first checkouts", async () => {
    const items = [
      { kind: "cash_pack", packageType: "10_headshots" },
      { kind: "cash_pack", packageType: "25_headshots" },
      { kind: "cash_pack", packageType: "50_headshots" },
      { kind: "subscription", planId: "pro", billingCycle: "monthly" },
    ] as const;
    await Promise.all(items.map((item) => startCheckout(suite.billing, suite.user, item, { locale: "en" })));
    const customers = new Set(sessionRequests().map((r) => r.body.customer));
    expect(customers.size).toBe(1);
    expect((await findProfile(ctx.db, suite.user.id))?.stripeCustomerId).toBe([...customers][0]);
    await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "advanced", billingCycle: "monthly" }, { locale: "en" });
    expect(new Set(suite.fake.requestsTo("POST", "/v1/customers").map((r) => r.idempotencyKey))).toEqual(new Set([`customer-${suite.user.id}`]));
  });

  it("reports a Stripe API error and leaves the purchase failed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    suite.fake.failRequests("/v1/checkout/sessions", 500);
    const attempt = startCheckout(suite.billing, suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en" });
    await expect(attempt).rejects.toMatchObject({ code: "checkoutFailed" });
    const rows = await ctx.db.query.purchases.findMany();
    expect(rows.map((row) => row.status)).toEqual(["failed"]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("sends a Stripe subscriber who picks another plan to the Customer Portal", async () => {
    await startCheckout(suite.billing, suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en" });
    await subscribe(ctx.db, suite.user.id, "pro", "sub_existing");
    await expect(
      startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "pro", billingCycle: "monthly" }, { locale: "en" }),
    ).rejects.toMatchObject({ code: "alreadyOnPlan" });
    const { url } = await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "advanced", billingCycle: "monthly" }, { locale: "en" });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(sessionRequests()).toHaveLength(1);
  });

  it("starts a new subscription for a user whose earlier one has ended", async () => {
    await startCheckout(suite.billing, suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en" });
    await subscribe(ctx.db, suite.user.id, "pro", "sub_ended");
    await ctx.db.update(profiles).set({ subscriptionStatus: "canceled", monthlyCredits: 0, creditsUsed: 0 }).where(eq(profiles.userId, suite.user.id));
    const { url } = await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "pro", billingCycle: "monthly" }, { locale: "en" });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(sessionRequests()).toHaveLength(2);
  });

  it("opens the Customer Portal for the user's own customer", async () => {
    await expect(openCustomerPortal(suite.billing, suite.user.id)).rejects.toMatchObject({ code: "portalUnavailable" });
    await startCheckout(suite.billing, suite.user, { kind: "subscription", planId: "pro", billingCycle: "monthly" }, { locale: "en" });
    const url = await openCustomerPortal(suite.billing, suite.user.id);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const [portal] = suite.fake.requestsTo("POST", "/v1/billing_portal/sessions");
    expect(portal?.body).toEqual({ customer: (await findProfile(ctx.db, suite.user.id))?.stripeCustomerId, return_url: `${appUrl}/subscription` });
  });

  it("goes to the built-in test checkout without Stripe, and nowhere when payments are off", async () => {
    const { url, purchaseId } = await startCheckout(testModeContext(ctx.db), suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en" });
    expect(url).toBe(`${appUrl}/checkout/test/${purchaseId}`);
    expect(await findPurchase(ctx.db, suite.user.id, purchaseId ?? "")).toMatchObject({ provider: "test", stripeCheckoutSessionId: `test_${purchaseId}` });
    const disabled: BillingContext = { ...suite.billing, payments: { mode: "disabled" } };
    await expect(startCheckout(disabled, suite.user, { kind: "cash_pack", packageType: "10_headshots" }, { locale: "en" })).rejects.toMatchObject({
      code: "paymentsNotConfigured",
    });
    expect(suite.fake.requests).toHaveLength(0);
  });
});
