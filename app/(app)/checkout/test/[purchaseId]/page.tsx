import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FlaskConical } from "@/components/icons/flask-conical";
import { getLocale, getTranslations } from "next-intl/server";
import { describePurchase } from "@/components/billing/describe-purchase";
import { OrderSummary, PurchaseItem } from "@/components/billing/order-summary";
import { TestCheckoutActions } from "@/components/billing/test-checkout-actions";
import { Badge } from "@/components/ui/badge";
import { requireUser } from "@/lib/auth/session";
import { billingContext } from "@/lib/billing/context";
import { formatMoney, type Currency } from "@/lib/billing/money";
import { checkoutCancelPath, checkoutReturnTargets, type CheckoutReturnTarget } from "@/lib/billing/return-path";
import { findTestCheckoutOrder } from "@/lib/billing/test-checkout";
import { testCheckoutInput } from "@/lib/validations/billing";
import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout.test");
  return { title: t("metaTitle") };
}

/**
 * The built-in test checkout (decision 8): only the buyer's own pending test order, only while
 * Stripe is not configured. Paying runs the same fulfilment as the Stripe webhook.
 */
function returnTargetOf(value: string | string[] | undefined): CheckoutReturnTarget | undefined {
  return checkoutReturnTargets.find((target) => target === value);
}

export default async function TestCheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ purchaseId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { purchaseId } = await params;
  const returnTo = returnTargetOf((await searchParams).return);
  const user = await requireUser(`/checkout/test/${purchaseId}`);
  const parsed = testCheckoutInput.safeParse({ purchaseId });
  if (!parsed.success) notFound();
  const purchase = await findTestCheckoutOrder(billingContext(), user.id, parsed.data.purchaseId);
  if (!purchase) notFound();

  const t = await getTranslations("checkout.test");
  const locale = await getLocale();
  const item = await describePurchase(purchase);
  const currency: Currency = purchase.currency === "eur" ? "eur" : "usd";

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/checkout/test/[purchaseId]/page"]}>
      <div className="mx-auto max-w-lg px-4 py-12 sm:px-6">
        <section className="space-y-6 rounded-2xl border bg-card p-6 shadow-sm" data-testid="test-checkout" aria-labelledby="test-checkout-title">
          <header className="space-y-2">
            <Badge variant="outline" className="gap-1 border-amber-500/50 text-amber-700 dark:text-amber-300">
              <FlaskConical aria-hidden="true" />
              {t("badge")}
            </Badge>
            <h1 id="test-checkout-title" className="text-2xl font-bold tracking-tight">
              {t("title")}
            </h1>
            <p className="text-sm text-muted-foreground">{t("description")}</p>
          </header>
          <OrderSummary
            lines={[
              { label: t("item"), value: <PurchaseItem item={item} />, testId: "test-checkout-item" },
              ...(purchase.credits > 0 ? [{ label: t("credits"), value: <span className="tabular-nums">{purchase.credits}</span> }] : []),
            ]}
            total={{ label: t("total"), value: formatMoney(purchase.amountMinor, currency, locale), testId: "test-checkout-total" }}
          />
          {purchase.status === "pending" ? (
            <TestCheckoutActions purchaseId={purchase.id} returnTo={returnTo} />
          ) : (
            <div className="space-y-3 text-sm">
              <p role="status" className="font-medium">
                {purchase.status === "paid" ? t("paid") : t("closed")}
              </p>
              <Link href={checkoutCancelPath(purchase.kind, returnTo)} className="font-medium text-primary underline-offset-4 hover:underline">
                {purchase.kind === "cash_pack" || returnTo === "headshot" ? t("backToHeadshots") : t("backToPlans")}
              </Link>
            </div>
          )}
        </section>
      </div>
    </ClientMessages>
  );
}
