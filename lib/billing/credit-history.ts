import type { DbOrTx } from "@/db/client";
import { listCreditHistory, type CreditHistoryRow } from "@/db/queries/credit-history";
import { causeKeys } from "@/db/queries/ledger-keys";
import type { GenerationTool } from "@/db/schema";
import { isTestPlanId } from "@/lib/credits/subscription-allowance";
import type { ReceiptLink } from "./credit-history-query";

/**
 * The credit and payment history of /subscription (issue 34, story 4): every change of the
 * balance from the ledger, in order, as an event the page says in words, with the payment's
 * receipt where a payment made it.
 */

export const creditHistoryPageSize = 20;

export type CreditHistoryEvent =
  | "signupBonus"
  | "grant"
  | "topUp"
  | "planCredits"
  | "planCreditsRemoved"
  | "spend"
  | "refund"
  | "paymentRefunded"
  | "disputeLost"
  | "disputeHold"
  | "disputeRelease";

export interface CreditHistoryEntry {
  id: string;
  at: Date;
  event: CreditHistoryEvent;
  delta: number;
  balanceAfter: number;
  /** Credits a reversal or hold could not take because they were spent already (decision 20). */
  unrecovered: number;
  tool: GenerationTool | null;
  /** The credits a top-up bought. */
  credits: number | null;
  /** The receipt of the payment that made this change (a paid top-up, a plan's month). */
  receipt: ReceiptLink | null;
  /** A second payment of the top-up (two checkouts both paid), refunded in full; on the top-up's own row. */
  secondPaymentRefunded: { amountMinor: number; currency: string } | null;
}

export interface CreditHistoryPage {
  entries: CreditHistoryEntry[];
  page: number;
  hasNextPage: boolean;
}

function eventOf(row: CreditHistoryRow): CreditHistoryEvent {
  switch (row.kind) {
    case "grant":
      return row.causeKey.startsWith("signup:") ? "signupBonus" : "grant";
    case "purchase":
      return "topUp";
    // A new month, a new plan or a bigger one; the sign of the change says which way it went.
    case "subscription_allowance":
      return "planCredits";
    // The allowance shrank or ended with a plan change or the plan's end (subscription-allowance.ts).
    case "expiry":
      return "planCreditsRemoved";
    case "spend":
      return "spend";
    case "refund":
      return "refund";
    case "reversal":
      return row.causeKey.startsWith("dispute:") ? "disputeLost" : "paymentRefunded";
    case "dispute_hold":
      return "disputeHold";
    case "dispute_release":
      return "disputeRelease";
  }
}

function receiptOf(row: CreditHistoryRow): ReceiptLink | null {
  const month = row.kind === "subscription_allowance" ? causeKeys.parseSubscriptionMonth(row.causeKey) : undefined;
  // Each month of a Stripe plan is paid by an invoice, whichever event wrote its row; Stripe keeps its receipt.
  if (month && !isTestPlanId(month.subscriptionId)) return { kind: "planInvoice", entryId: row.id };
  const paid = (row.purchaseStatus === "paid" || row.purchaseStatus === "refunded") && (row.amountMinor ?? 0) > 0;
  return row.purchaseId && paid ? { kind: "purchase", purchaseId: row.purchaseId } : null;
}

export function toHistoryEntry(row: CreditHistoryRow): CreditHistoryEntry {
  return {
    id: row.id,
    at: row.createdAt,
    event: eventOf(row),
    delta: row.delta,
    balanceAfter: row.balanceAfter,
    unrecovered: row.unrecovered,
    tool: row.tool,
    credits: row.purchaseKind === "top_up" ? row.purchaseCredits : null,
    receipt: receiptOf(row),
    secondPaymentRefunded:
      row.kind === "purchase" && row.secondPaymentRefundedMinor && row.currency ? { amountMinor: row.secondPaymentRefundedMinor, currency: row.currency } : null,
  };
}

/** Page `page` (from 1) of the user's history, newest first. */
export async function loadCreditHistory(db: DbOrTx, userId: string, page: number): Promise<CreditHistoryPage> {
  const rows = await listCreditHistory(db, userId, { limit: creditHistoryPageSize, offset: (page - 1) * creditHistoryPageSize });
  return { entries: rows.slice(0, creditHistoryPageSize).map(toHistoryEntry), page, hasNextPage: rows.length > creditHistoryPageSize };
}
