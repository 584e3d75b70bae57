import { z } from "zod";

/** The history's page in the address of /subscription (?history=, from 1); anything else is page 1. */
const historyPageSchema = z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.coerce.number().int().min(1).max(1000)).catch(1);

export const creditHistoryAnchor = "credit-history";

export function parseCreditHistoryPage(value: string | string[] | undefined): number {
  return historyPageSchema.parse(value);
}

export function creditHistoryHref(page: number): string {
  return `/subscription${page > 1 ? `?history=${page}` : ""}#${creditHistoryAnchor}`;
}

/** Our receipt of a purchase, or the receipt of a Stripe plan's month (a ledger row), which opens Stripe's invoice. */
export type ReceiptLink = { kind: "purchase"; purchaseId: string } | { kind: "planInvoice"; entryId: string };

export function receiptHref(link: ReceiptLink): string {
  return link.kind === "purchase" ? `/subscription/receipts/${link.purchaseId}` : `/subscription/receipts/plan/${link.entryId}`;
}
