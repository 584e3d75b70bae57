import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { z } from "zod";
import { describePurchase } from "@/components/billing/describe-purchase";
import { OrderSummary, PurchaseItem, type OrderSummaryLine } from "@/components/billing/order-summary";
import { ReceiptBackLink } from "@/components/billing/receipt-back-link";
import { ExternalLink } from "@/components/icons/external-link";
import { FlaskConical } from "@/components/icons/flask-conical";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { billingContext } from "@/lib/billing/context";
import { formatMoney, type Currency } from "@/lib/billing/money";
import { loadReceipt } from "@/lib/billing/receipts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("subscription.receipt");
  return { title: t("metaTitle") };
}

const purchaseIdSchema = z.string().uuid();

/** A payment's receipt (issue 34, story 4): only the buyer's own paid or refunded purchase. */
export default async function ReceiptPage({ params }: { params: Promise<{ purchaseId: string }> }) {
  const { purchaseId } = await params;
  const user = await requireUser(`/subscription/receipts/${purchaseId}`);
  const parsed = purchaseIdSchema.safeParse(purchaseId);
  if (!parsed.success) notFound();
  const receipt = await loadReceipt(billingContext(), user.id, parsed.data);
  if (!receipt) notFound();

  const { purchase, providerUrl, period } = receipt;
  const t = await getTranslations("subscription.receipt");
  const format = await getFormatter();
  const locale = await getLocale();
  const item = await describePurchase(purchase);
  const currency: Currency = purchase.currency === "eur" ? "eur" : "usd";
  const paidAt = purchase.fulfilledAt ?? purchase.createdAt;
  const lines: OrderSummaryLine[] = [
    { label: t("date"), value: format.dateTime(paidAt, { dateStyle: "long", timeStyle: "short" }) },
    { label: t("item"), value: <PurchaseItem item={item} />, testId: "receipt-item" },
    ...(period
      ? [{ label: t("period"), value: format.dateTimeRange(period.start, period.end, { dateStyle: "medium" }), testId: "receipt-period" }]
      : []),
    ...(purchase.credits > 0 ? [{ label: t("credits"), value: <span className="tabular-nums">{purchase.credits}</span> }] : []),
    { label: t("payment"), value: purchase.provider === "stripe" ? t("paymentStripe") : t("paymentTest") },
    { label: t("status"), value: purchase.status === "refunded" ? t("statusRefunded") : t("statusPaid"), testId: "receipt-status" },
    ...(purchase.refundedMinor > 0
      ? [{ label: t("refunded"), value: <span className="tabular-nums">{formatMoney(purchase.refundedMinor, currency, locale)}</span>, testId: "receipt-refunded" }]
      : []),
    { label: t("reference"), value: <span className="font-mono text-xs break-all">{purchase.id}</span> },
  ];

  return (
    <div className="mx-auto max-w-lg space-y-6 px-4 py-8 sm:px-6">
      <ReceiptBackLink />
      <section className="space-y-6 rounded-2xl border bg-card p-6 shadow-sm" aria-labelledby="receipt-title" data-testid="receipt">
        <header className="space-y-2">
          {purchase.provider === "test" ? (
            <Badge variant="outline" className="gap-1 border-amber-500/50 text-amber-700 dark:text-amber-300">
              <FlaskConical aria-hidden="true" />
              {t("testNotice")}
            </Badge>
          ) : null}
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
            {t("title")}
          </h1>
        </header>
        <OrderSummary lines={lines} total={{ label: t("total"), value: formatMoney(purchase.amountMinor, currency, locale), testId: "receipt-total" }} />
        {providerUrl ? (
          <Button asChild variant="outline">
            <a href={providerUrl} target="_blank" rel="noopener noreferrer" data-testid="receipt-stripe-link">
              {t("stripeReceipt")}
              <ExternalLink className="rtl:-scale-x-100" aria-hidden="true" />
            </a>
          </Button>
        ) : purchase.provider === "stripe" ? (
          <p className="text-sm text-muted-foreground">{t("stripeUnavailable")}</p>
        ) : null}
      </section>
    </div>
  );
}
