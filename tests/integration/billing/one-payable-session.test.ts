import { beforeEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { readAvailableCredits } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import { duplicatePayments, generations, type Purchase } from "@/db/schema";
import { loadActivity } from "@/lib/activity/load-activity";
import { startCheckout } from "@/lib/billing/checkout";
import { loadCreditHistory } from "@/lib/billing/credit-history";
import type { CheckoutRequest } from "@/lib/billing/checkout-items";
import { openStripeSession } from "@/lib/billing/checkout-sessions";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import type { StripeObject } from "@/tests/fakes/stripe-world";
import { expectLedgerMatchesBalance, stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 34, story 2: two checkouts opened at the same moment for one purchase (a double click
 * in two tabs or two languages) leave one session that can be paid; and should two payments
 * of one purchase still arrive, the later one is refunded in full at once. For a top-up and a
 * cash pack, through the real checkout and the real webhook handler with signed events.
 */
describeEachDatabase("one payable session per purchase", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };

  stripeJourneyHooks(ctx, () => new Date("2026-06-01T09:00:00Z"), (state) => ({ fake, journey, user } = state));
  beforeEach(async () => {
    fake.refunds.length = 0;
  });

  const balance = () => readAvailableCredits(ctx.db, user.id);
  const sessionsOf = (purchaseId: string) => [...fake.world.sessions.values()].filter((s) => (s.metadata as Record<string, unknown>).purchaseId === purchaseId);

  /** A Pro subscriber's top-up of 200 credits, or a 10-headshot cash pack for a waiting order. */
  async function itemFor(kind: "top_up" | "cash_pack"): Promise<{ request: CheckoutRequest; generationId?: string }> {
    if (kind === "top_up") {
      await journey.subscribe(user, "pro");
      return { request: { kind: "top_up", credits: 200 } };
    }
    const [generation] = await ctx.db
      .insert(generations)
      .values({ userId: user.id, tool: "headshot_pro", category: "Headshot Pro", runAfter: null })
      .returning();
    if (!generation) throw new Error("no generation");
    return { request: { kind: "cash_pack", packageType: "10_headshots" }, generationId: generation.id };
  }

  for (const kind of ["top_up", "cash_pack"] as const) {
    it(`${kind}: two checkouts at once in two languages (one currency) leave one payable session, which the purchase keeps`, async () => {
      const { request, generationId } = await itemFor(kind);
      const clicks = await Promise.all(
        (["de", "fr"] as const).map((locale) => startCheckout(journey.billing, user, request, { locale, generationId })),
      );
      expect(clicks[1]?.purchaseId).toBe(clicks[0]?.purchaseId);
      const purchaseId = clicks[0]?.purchaseId ?? "";
      const sessions = sessionsOf(purchaseId);
      expect(sessions).toHaveLength(2);
      const open = sessions.filter((s) => s.status === "open");
      expect(open).toHaveLength(1);
      const purchase = await findPurchase(ctx.db, user.id, purchaseId);
      expect(purchase).toMatchObject({ stripeCheckoutSessionId: open[0]?.id, status: "pending" });
      expect(clicks.map((click) => click.url)).toContain(open[0]?.url);
      // The expired session's event closes nothing: the purchase goes on with the open one.
      await journey.deliverAll();
      expect(await findPurchase(ctx.db, user.id, purchaseId)).toMatchObject({ status: "pending" });
      fake.world.completeCheckout(String(open[0]?.id));
      await journey.deliverAll();
      expect(await findPurchase(ctx.db, user.id, purchaseId)).toMatchObject({ status: "paid" });
    });
  }

  it("a double click with the same parameters gets the one session, and it stays payable", async () => {
    const { request } = await itemFor("top_up");
    const clicks = await Promise.all([0, 1].map(() => startCheckout(journey.billing, user, request, { locale: "en" })));
    const sessions = sessionsOf(clicks[0]?.purchaseId ?? "");
    expect(sessions.map((s) => s.status)).toEqual(["open"]);
    expect(clicks.map((click) => click.url)).toEqual([sessions[0]?.url, sessions[0]?.url]);
  });

  it("a click whose compare-and-set loses expires its own session and goes on with the one saved first", async () => {
    const { request } = await itemFor("top_up");
    const { purchaseId } = await startCheckout(journey.billing, user, request, { locale: "en" });
    const saved = await findPurchase(ctx.db, user.id, purchaseId ?? "");
    if (!saved?.stripeCheckoutSessionId) throw new Error("no session");
    // The losing click read the purchase before the winner saved its session.
    const stale: Purchase = { ...saved, stripeCheckoutSessionId: null };
    const params: Stripe.Checkout.SessionCreateParams = { mode: "payment", locale: "de", metadata: { purchaseId: saved.id, userId: user.id } };
    if (journey.billing.payments.mode !== "stripe") throw new Error("not in Stripe mode");
    const { session } = await openStripeSession(ctx.db, journey.billing.payments.stripe, stale, params);
    expect(session.id).toBe(saved.stripeCheckoutSessionId);
    expect(sessionsOf(saved.id).map((s) => [s.locale === "de" ? "loser" : "winner", s.status])).toEqual([
      ["winner", "open"],
      ["loser", "expired"],
    ]);
    expect((await findPurchase(ctx.db, user.id, saved.id))?.stripeCheckoutSessionId).toBe(saved.stripeCheckoutSessionId);
  });

  it("two payments' events racing: one settles the purchase, the other fails and its retry refunds it", async () => {
    const failed = vi.spyOn(console, "error").mockImplementation(() => {});
    const { request } = await itemFor("top_up");
    const before = await balance();
    const { purchaseId } = await startCheckout(journey.billing, user, request, { locale: "en" });
    const firstSession = (await findPurchase(ctx.db, user.id, purchaseId ?? ""))?.stripeCheckoutSessionId ?? "";
    const second = secondSessionOf(firstSession);
    fake.world.completeCheckout(firstSession);
    fake.world.completeCheckout(String(second.id));
    const completed = fake.world.outbox.splice(0).filter((e) => e.type === "checkout.session.completed");
    const answers = await Promise.all(completed.map((event) => journey.deliver(event)));
    // Stripe retries what failed.
    const retried = completed.filter((_, index) => answers[index]?.status !== 200);
    for (const event of retried) expect((await journey.deliver(event)).status).toBe(200);
    await journey.deliverAll();
    expect(fake.refunds).toHaveLength(1);
    const kept = (await findPurchase(ctx.db, user.id, purchaseId ?? ""))?.stripePaymentIntentId;
    expect(fake.refunds[0]?.payment).not.toBe(kept);
    expect(await balance()).toBe(before + 200);
    await expectLedgerMatchesBalance(ctx.db, user.id);
    failed.mockRestore();
  });

  /** A second payable session of the purchase, as two racing clicks made before this fix. */
  function secondSessionOf(sessionId: string): StripeObject {
    return fake.world.createCheckoutSession({ ...fake.world.retrieveCheckoutSession(sessionId), locale: "fr" });
  }

  for (const kind of ["top_up", "cash_pack"] as const) {
    for (const order of ["in the order paid", "the later payment's event first"] as const) {
      it(`${kind}: a second payment of a paid purchase is refunded in full and changes nothing (${order})`, async () => {
        const { request, generationId } = await itemFor(kind);
        const before = await balance();
        const { purchaseId } = await startCheckout(journey.billing, user, request, { locale: "en", generationId });
        const purchase = await findPurchase(ctx.db, user.id, purchaseId ?? "");
        const firstSession = purchase?.stripeCheckoutSessionId ?? "";
        const second = secondSessionOf(firstSession);
        const firstIntent = fake.world.completeCheckout(firstSession).paymentIntent?.id;
        const secondIntent = fake.world.completeCheckout(String(second.id)).paymentIntent?.id;
        const events = fake.world.outbox.splice(0);
        for (const event of order === "in the order paid" ? events : events.reverse()) {
          expect((await journey.deliver(event)).status).toBe(200);
        }
        // The refund's own events (refund.created, charge.refunded) come next.
        await journey.deliverAll();
        const kept = order === "in the order paid" ? firstIntent : secondIntent;
        const duplicate = order === "in the order paid" ? secondIntent : firstIntent;
        expect(fake.refunds.map((r) => [r.payment, r.amount])).toEqual([[duplicate, kind === "top_up" ? 4900 : 999]]);
        expect(await findPurchase(ctx.db, user.id, purchaseId ?? "")).toMatchObject({ status: "paid", refundedMinor: 0, stripePaymentIntentId: kept });
        expect(await ctx.db.select().from(duplicatePayments)).toMatchObject([
          { purchaseId, stripePaymentIntentId: duplicate, amountMinor: kind === "top_up" ? 4900 : 999, currency: "usd" },
        ]);
        if (kind === "top_up") {
          expect(await balance()).toBe(before + 200);
          // The top-up's row in the credit history on /subscription says the second payment went back.
          const { entries } = await loadCreditHistory(ctx.db, user.id, 1);
          expect(entries.find((entry) => entry.event === "topUp")).toMatchObject({
            delta: 200,
            secondPaymentRefunded: { amountMinor: 4900, currency: "usd" },
          });
        } else {
          const [released] = await ctx.db.select().from(generations).where(eq(generations.id, generationId ?? ""));
          expect(released?.runAfter).toBeInstanceOf(Date);
          // The order's card in activity says the second payment went back.
          const { inProgress } = await loadActivity(ctx.db, user.id, { page: 1 });
          expect(inProgress.find((item) => item.id === generationId)).toMatchObject({ secondPaymentRefunded: { amountMinor: 999, currency: "usd" } });
        }
        await expectLedgerMatchesBalance(ctx.db, user.id);
      });
    }
  }
});
