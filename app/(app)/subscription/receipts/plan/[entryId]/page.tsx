import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { ReceiptBackLink } from "@/components/billing/receipt-back-link";
import { requireUser } from "@/lib/auth/session";
import { billingContext } from "@/lib/billing/context";
import { loadPlanInvoiceUrl } from "@/lib/billing/receipts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("subscription.receipt");
  return { title: t("metaTitle") };
}

const entryIdSchema = z.string().uuid();

/**
 * The receipt of a Stripe plan's month (issue 34, story 4): Stripe's page of the invoice that
 * paid it, looked up now; only for the user's own credit history.
 */
export default async function PlanInvoiceReceiptPage({ params }: { params: Promise<{ entryId: string }> }) {
  const { entryId } = await params;
  const user = await requireUser(`/subscription/receipts/plan/${entryId}`);
  const parsed = entryIdSchema.safeParse(entryId);
  if (!parsed.success) notFound();
  const invoice = await loadPlanInvoiceUrl(billingContext(), user.id, parsed.data);
  if (!invoice) notFound();
  if (invoice.url) redirect(invoice.url);

  const t = await getTranslations("subscription.receipt");
  return (
    <div className="mx-auto max-w-lg space-y-6 px-4 py-8 sm:px-6">
      <ReceiptBackLink />
      <section className="space-y-2 rounded-2xl border bg-card p-6 shadow-sm" aria-labelledby="receipt-title" data-testid="receipt">
        <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
          {t("title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("invoiceUnavailable")}</p>
      </section>
    </div>
  );
}
