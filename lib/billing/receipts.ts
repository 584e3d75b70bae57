import "server-only";
import { findCreditHistoryEntry } from "@/db/queries/credit-history";
import { causeKeys } from "@/db/queries/ledger-keys";
import { findPurchase } from "@/db/queries/purchases";
import type { Purchase } from "@/db/schema";
import { isTestPlanId } from "@/lib/credits/subscription-allowance";
import { parsePlanItemId } from "./checkout-items";
import type { BillingContext } from "./context";
import { invoicePeriodList } from "./stripe-objects";
import { testTermEnd } from "./test-plans";

/**
 * A payment's receipt (issue 34, story 4): our own page of what was bought, paid and given back,
 * for every payment, and with Stripe the receipt Stripe keeps for it, looked up when asked for:
 * a one-off payment's charge receipt, a plan's month's invoice. Nothing of it is stored.
 */

export interface Receipt {
  purchase: Purchase;
  /** Stripe's own receipt page; null in the test checkout, for a plan, or when Stripe could not say. */
  providerUrl: string | null;
  /** The term a test-checkout plan's payment bought (Stripe's invoices say it for Stripe plans). */
  period: { start: Date; end: Date } | null;
}

const isSettled = (purchase: Purchase) => purchase.status === "paid" || purchase.status === "refunded";

async function stripeReceiptUrl(ctx: BillingContext, purchase: Purchase): Promise<string | null> {
  const { payments } = ctx;
  // A plan's months are paid by invoices, whose receipts the credit history links (loadPlanInvoiceUrl).
  if (payments.mode !== "stripe" || purchase.provider !== "stripe" || !purchase.stripePaymentIntentId) return null;
  try {
    const intent = await payments.stripe.paymentIntents.retrieve(purchase.stripePaymentIntentId);
    const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
    return chargeId ? ((await payments.stripe.charges.retrieve(chargeId)).receipt_url ?? null) : null;
  } catch (error) {
    console.error(`[billing] Stripe's receipt of purchase ${purchase.id} could not be looked up`, error);
  }
  return null;
}

/** A test-checkout plan starts when paid and renews without payment: its payment bought the first term. */
function testPlanTerm(purchase: Purchase): Receipt["period"] {
  const plan = parsePlanItemId(purchase.itemId);
  if (purchase.provider !== "test" || purchase.status !== "paid" || !plan || !purchase.fulfilledAt) return null;
  const start = purchase.fulfilledAt;
  return { start, end: testTermEnd(start, plan.billingCycle === "yearly", start) };
}

/** The receipt of one of the user's own paid (or since refunded) purchases; undefined for anything else. */
export async function loadReceipt(ctx: BillingContext, userId: string, purchaseId: string): Promise<Receipt | undefined> {
  const purchase = await findPurchase(ctx.db, userId, purchaseId);
  if (!purchase || !isSettled(purchase)) return undefined;
  return { purchase, providerUrl: await stripeReceiptUrl(ctx, purchase), period: testPlanTerm(purchase) };
}

/** Months of a plan and Stripe's clock differ by a day or so (as the allowance allows). */
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Stripe's page of the invoice that paid the month of a Stripe plan that the user's ledger row
 * `entryId` started: the paid invoice of that subscription billing a period that contains the
 * month (the yearly invoice for a yearly plan's later months; of a year's invoice and an
 * upgrade's prorated one, the year's, which began first). Undefined when the row is not the
 * user's start of a Stripe plan's month; a null url when Stripe cannot say now.
 */
export async function loadPlanInvoiceUrl(ctx: BillingContext, userId: string, entryId: string): Promise<{ url: string | null } | undefined> {
  const entry = await findCreditHistoryEntry(ctx.db, userId, entryId);
  const month = entry?.kind === "subscription_allowance" ? causeKeys.parseSubscriptionMonth(entry.causeKey) : undefined;
  if (!month || isTestPlanId(month.subscriptionId)) return undefined;
  if (ctx.payments.mode !== "stripe") return { url: null };
  const at = month.monthStart.getTime();
  try {
    const invoices = invoicePeriodList.parse(
      await ctx.payments.stripe.invoices.list({ subscription: month.subscriptionId, status: "paid", limit: 100 }),
    );
    const paying = invoices.data
      .flatMap((invoice) => invoice.lines.data.map(({ period }) => ({ url: invoice.hosted_invoice_url ?? null, start: period.start * 1000, end: period.end * 1000 })))
      .filter((line) => line.start - dayMs <= at && at < line.end - dayMs)
      .sort((a, b) => a.start - b.start)[0];
    return { url: paying?.url ?? null };
  } catch (error) {
    console.error(`[billing] Stripe's invoice of ledger row ${entryId} could not be looked up`, error);
  }
  return { url: null };
}
