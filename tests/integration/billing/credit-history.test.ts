import { expect, it, vi } from "vitest";
import { readAvailableCredits } from "@/db/queries/credits";
import { createGeneration } from "@/lib/generation/create-generation";
import { loadCreditHistory, creditHistoryPageSize, type CreditHistoryEntry } from "@/lib/billing/credit-history";
import { startCheckout } from "@/lib/billing/checkout";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { loadPlanInvoiceUrl, loadReceipt } from "@/lib/billing/receipts";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { spendCredits } from "@/lib/credits/ledger";
import { addMonthsClamped } from "@/lib/credits/plan-months";
import { type FakeStripe } from "@/tests/fakes/stripe-server";
import { testModeContext } from "@/tests/helpers/billing";
import { createUser } from "@/tests/helpers/factories";
import { tempStorage, testPhoto } from "@/tests/helpers/generation";
import { stripeJourneyHooks, type StripeJourney } from "@/tests/helpers/stripe-journey";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 34, story 4: the credit history of /subscription, read from the ledger through the real
 * checkout, webhook and generation code: every change in order, what it was for, and the
 * receipt of each payment (Stripe's own, or ours in the test checkout).
 */
describeEachDatabase("credit history", (ctx) => {
  let fake: FakeStripe;
  let journey: StripeJourney;
  let user: { id: string; email: string };

  stripeJourneyHooks(ctx, () => new Date(), (state) => ({ fake, journey, user } = state));

  const said = (entries: CreditHistoryEntry[]) => entries.map(({ event, delta, tool, credits }) => ({ event, delta, tool, credits })).reverse();

  it("says a subscriber's plan, top-up, generation, refund and dispute in order, with Stripe's receipts", async () => {
    await journey.subscribe(user, "pro");
    const { purchase: topUp, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 200 });
    const paymentIntent = fake.world.completeCheckout(sessionId).paymentIntent?.id ?? "";
    await journey.deliverAll();
    await createGeneration(
      ctx.db,
      { userId: user.id, tool: "hair_changer", input: { gender: "female", style: "blonde" }, originalImage: await testPhoto() },
      { storage: tempStorage() },
    );
    const dispute = fake.world.openDispute(paymentIntent);
    await journey.deliverAll();
    fake.world.closeDispute(dispute, "won");
    await journey.deliverAll();
    await spendCredits(ctx.db, { userId: user.id, amount: 100, causeKey: "test:spend:most" });
    fake.world.createRefund({ payment_intent: paymentIntent });
    await journey.deliverAll();

    const history = await loadCreditHistory(ctx.db, user.id, 1);
    expect(history).toMatchObject({ page: 1, hasNextPage: false });
    expect(said(history.entries)).toEqual([
      { event: "signupBonus", delta: 5, tool: null, credits: null },
      { event: "planCredits", delta: 150, tool: null, credits: null },
      { event: "topUp", delta: 200, tool: null, credits: 200 },
      { event: "spend", delta: -2, tool: "hair_changer", credits: null },
      { event: "disputeHold", delta: -200, tool: null, credits: 200 },
      { event: "disputeRelease", delta: 200, tool: null, credits: 200 },
      { event: "spend", delta: -100, tool: null, credits: null },
      { event: "paymentRefunded", delta: -103, tool: null, credits: 200 },
    ]);
    // Newest first, each with the balance after it; what the refund could not take is said.
    expect(history.entries[0]).toMatchObject({ balanceAfter: await readAvailableCredits(ctx.db, user.id), unrecovered: 97 });

    // The top-up carries its payment's receipt, with Stripe's own; the plan's month its invoice's.
    const planCredits = history.entries.find((entry) => entry.event === "planCredits");
    expect(history.entries.filter((entry) => entry.receipt).map((entry) => [entry.event, entry.receipt])).toEqual([
      ["paymentRefunded", { kind: "purchase", purchaseId: topUp.id }],
      ["disputeRelease", { kind: "purchase", purchaseId: topUp.id }],
      ["disputeHold", { kind: "purchase", purchaseId: topUp.id }],
      ["topUp", { kind: "purchase", purchaseId: topUp.id }],
      ["planCredits", { kind: "planInvoice", entryId: planCredits?.id }],
    ]);
    expect(await loadReceipt(journey.billing, user.id, topUp.id)).toMatchObject({
      purchase: { id: topUp.id, status: "refunded", refundedMinor: topUp.amountMinor },
      providerUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\/ch_/),
    });
    // Nobody else sees a receipt that is not theirs.
    const stranger = await createUser(ctx.db);
    expect(await loadReceipt(journey.billing, stranger.id, topUp.id)).toBeUndefined();
  });

  it("shows our own receipt, without Stripe's link, when Stripe cannot be asked", async () => {
    await journey.subscribe(user, "starter");
    const { purchase, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 200 });
    fake.world.completeCheckout(sessionId);
    await journey.deliverAll();
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    fake.failRequests("/v1/payment_intents", 500);
    expect(await loadReceipt(journey.billing, user.id, purchase.id)).toMatchObject({ purchase: { id: purchase.id, status: "paid" }, providerUrl: null });
    fake.clearFailures();
  });

  it("gives the test checkout's top-up our own receipt, and pages 20 changes at a time", async () => {
    const billing = testModeContext(ctx.db);
    expect(said((await loadCreditHistory(ctx.db, user.id, 1)).entries)).toEqual([{ event: "signupBonus", delta: 5, tool: null, credits: null }]);
    // A subscriber of the test checkout buys a top-up.
    const { purchaseId: plan } = await startCheckout(billing, user, { kind: "subscription", planId: "starter", billingCycle: "monthly" }, { locale: "en" });
    await payTestCheckout(billing, user.id, plan ?? "");
    const { purchaseId } = await startCheckout(billing, user, { kind: "top_up", credits: 200 }, { locale: "en" });
    await payTestCheckout(billing, user.id, purchaseId ?? "");
    for (let index = 0; index < creditHistoryPageSize; index += 1) {
      await spendCredits(ctx.db, { userId: user.id, amount: 1, causeKey: `test:spend:${index}` });
    }
    const first = await loadCreditHistory(ctx.db, user.id, 1);
    expect(first.entries).toHaveLength(creditHistoryPageSize);
    expect(first.hasNextPage).toBe(true);
    const second = await loadCreditHistory(ctx.db, user.id, 2);
    expect(said(second.entries).map((entry) => entry.event)).toEqual(["signupBonus", "planCredits", "topUp"]);
    expect(second.hasNextPage).toBe(false);
    const topUp = second.entries.find((entry) => entry.event === "topUp");
    expect(topUp?.receipt).toEqual({ kind: "purchase", purchaseId });
    expect(await loadReceipt(billing, user.id, purchaseId ?? "")).toMatchObject({ purchase: { provider: "test", status: "paid" }, providerUrl: null, period: null });
    // The plan's first month carries the plan's payment: our receipt says the month it bought.
    expect(second.entries.find((entry) => entry.event === "planCredits")?.receipt).toEqual({ kind: "purchase", purchaseId: plan });
    const planReceipt = await loadReceipt(billing, user.id, plan ?? "");
    const paidAt = planReceipt?.purchase.fulfilledAt ?? new Date(0);
    expect(planReceipt).toMatchObject({ purchase: { kind: "subscription", itemId: "starter_monthly", provider: "test" }, providerUrl: null });
    expect(planReceipt?.period).toEqual({ start: paidAt, end: addMonthsClamped(paidAt, 1) });
  });

  it("gives a test-checkout yearly plan its year, and its free later months no receipt", async () => {
    const billing = testModeContext(ctx.db);
    const { purchaseId } = await startCheckout(billing, user, { kind: "subscription", planId: "pro", billingCycle: "yearly" }, { locale: "en" });
    await payTestCheckout(billing, user.id, purchaseId ?? "");
    const paidAt = (await loadReceipt(billing, user.id, purchaseId ?? ""))?.purchase.fulfilledAt ?? new Date(0);
    expect((await loadReceipt(billing, user.id, purchaseId ?? ""))?.period).toEqual({ start: paidAt, end: addMonthsClamped(paidAt, 12) });
    await refreshDueAllowances(ctx.db, addMonthsClamped(paidAt, 1));
    const months = (await loadCreditHistory(ctx.db, user.id, 1)).entries.filter((entry) => entry.event === "planCredits");
    expect(months.map((entry) => entry.receipt)).toEqual([null, { kind: "purchase", purchaseId }]);
    // A test plan's month is not Stripe's: no invoice to open.
    expect(await loadPlanInvoiceUrl(billing, user.id, months[0]?.id ?? "")).toBeUndefined();
  });

  it("opens the invoice that paid each month of a Stripe plan, and nobody else's", async () => {
    const subscription = await journey.subscribe(user, "pro");
    fake.world.setClock(fake.world.periodOf(subscription).end);
    fake.world.renew(subscription);
    await journey.deliverAll();
    const { purchase: topUp, sessionId } = await journey.checkout(user, { kind: "top_up", credits: 200 });
    fake.world.completeCheckout(sessionId);
    await journey.deliverAll();

    const { entries } = await loadCreditHistory(ctx.db, user.id, 1);
    const months = entries.filter((entry) => entry.event === "planCredits");
    expect(months.map((entry) => entry.receipt)).toEqual(months.map((entry) => ({ kind: "planInvoice", entryId: entry.id })));
    const invoices = [...fake.world.invoices.values()].map((invoice) => invoice.hosted_invoice_url);
    expect(invoices).toHaveLength(2);
    const opened = await Promise.all(months.map((entry) => loadPlanInvoiceUrl(journey.billing, user.id, entry.id)));
    expect(opened).toEqual([{ url: invoices[1] }, { url: invoices[0] }]);

    // Only a Stripe plan's month has an invoice to open, and only for its owner.
    const stranger = await createUser(ctx.db);
    expect(await loadPlanInvoiceUrl(journey.billing, stranger.id, months[0]?.id ?? "")).toBeUndefined();
    const topUpEntry = entries.find((entry) => entry.event === "topUp");
    expect(topUpEntry?.receipt).toEqual({ kind: "purchase", purchaseId: topUp.id });
    expect(await loadPlanInvoiceUrl(journey.billing, user.id, topUpEntry?.id ?? "")).toBeUndefined();

    // Stripe cannot be asked: the page says so instead of a link.
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    fake.failRequests("/v1/invoices", 500);
    expect(await loadPlanInvoiceUrl(journey.billing, user.id, months[0]?.id ?? "")).toEqual({ url: null });
    fake.clearFailures();
  });

  it("opens a yearly Stripe plan's yearly invoice from each of its months", async () => {
    const subscription = await journey.subscribe(user, "starter", "yearly");
    const { start } = fake.world.periodOf(subscription);
    await refreshDueAllowances(ctx.db, addMonthsClamped(start, 1));
    const months = (await loadCreditHistory(ctx.db, user.id, 1)).entries.filter((entry) => entry.event === "planCredits");
    expect(months).toHaveLength(2);
    const [yearly] = [...fake.world.invoices.values()];
    for (const month of months) expect(await loadPlanInvoiceUrl(journey.billing, user.id, month.id)).toEqual({ url: yearly?.hosted_invoice_url });
  });
});
