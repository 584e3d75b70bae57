import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { BadgeCheck } from "@/components/icons/badge-check";
import { CircleDollarSign } from "@/components/icons/circle-dollar-sign";
import { RefreshCcw } from "@/components/icons/refresh-ccw";
import { getLocale, getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { CreditHistory } from "@/components/billing/credit-history";
import { CurrentPlanCard } from "@/components/billing/current-plan-card";
import { FreePlanCard } from "@/components/billing/free-plan-card";
import { ManageSubscriptionButton } from "@/components/billing/manage-subscription-button";
import { CheckoutCancelledNotice } from "@/components/billing/checkout-cancelled-notice";
import { PaymentReturnBanner } from "@/components/billing/payment-return-banner";
import { PlanPicker } from "@/components/billing/plan-picker";
import { RefreshOnReturn } from "@/components/billing/refresh-on-return";
import { TopUpGrid } from "@/components/billing/top-up-grid";
import { ResumeDraftBanner } from "@/components/flows/draft/resume-draft-banner";
import { requireUser } from "@/lib/auth/session";
import { loadBillingOverview } from "@/lib/billing/billing-overview";
import { loadCreditHistory } from "@/lib/billing/credit-history";
import { parseCreditHistoryPage } from "@/lib/billing/credit-history-query";
import { currencyForLocale } from "@/lib/billing/money";
import { resolvePaymentsMode } from "@/lib/billing/payments-config";
import { buildPriceList } from "@/lib/billing/price-list";
import { env } from "@/lib/env";
import { checkoutStatusInput } from "@/lib/validations/billing";
import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("subscription");
  return { title: t("metaTitle") };
}

/** Spec §2 /subscription: plans, the free plan or the current one, top-ups for subscribers, and the credit history. */
export default async function SubscriptionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/subscription");
  const t = await getTranslations("subscription");
  const currency = currencyForLocale(await getLocale());
  const priceList = buildPriceList(currency);
  const paymentsMode = resolvePaymentsMode(env);
  const query = await searchParams;
  const [overview, history] = await Promise.all([
    loadBillingOverview(getDb(), user.id, paymentsMode),
    loadCreditHistory(getDb(), user.id, parseCreditHistoryPage(query.history)),
  ]);
  const paymentsEnabled = paymentsMode !== "disabled";
  const returned = checkoutStatusInput.safeParse({ sessionId: query.session_id });
  const subscription = overview.subscription;

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/subscription/page"]}>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6 lg:px-8">
        <RefreshOnReturn />
        <Link
          href="/dashboard"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t("backToDashboard")}
        </Link>
        <PaymentReturnBanner sessionId={returned.success ? returned.data.sessionId : undefined} variant="credits" />
        <ResumeDraftBanner />
        <CheckoutCancelledNotice />

        <header className="space-y-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </header>

        {subscription ? (
          <CurrentPlanCard
            summary={{
              planId: subscription.planId,
              billingCycle: subscription.billingCycle,
              availableCredits: overview.availableCredits,
              monthlyCredits: overview.monthlyCredits,
              creditsUsed: overview.creditsUsed,
              currentPeriodEnd: subscription.currentPeriodEnd,
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
              management: overview.management,
            }}
          />
        ) : (
          <FreePlanCard
            credits={overview.availableCredits}
            action={overview.management ? <ManageSubscriptionButton management={overview.management} /> : null}
          />
        )}

        {subscription ? (
          <section aria-labelledby="top-up-title" className="space-y-4" data-testid="top-up-section">
            <div>
              <h2 id="top-up-title" className="text-xl font-semibold">
                {t("topUp.title")}
              </h2>
              <p className="text-sm text-muted-foreground">{t("topUp.subtitle")}</p>
            </div>
            <TopUpGrid offers={priceList.topUps} currency={currency} paymentsEnabled={paymentsEnabled} />
          </section>
        ) : null}

        <PlanPicker
          plans={priceList.plans}
          currency={currency}
          current={subscription ? { planId: subscription.planId, billingCycle: subscription.billingCycle } : null}
          paymentsEnabled={paymentsEnabled}
        />

        <ul className="flex flex-col items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row" data-testid="plan-guarantees">
          <li className="flex items-center gap-1.5">
            <BadgeCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            {t("guarantee.moneyBack")}
          </li>
          <li className="flex items-center gap-1.5">
            <CircleDollarSign className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            {t("guarantee.noSetupFees")}
          </li>
          <li className="flex items-center gap-1.5">
            <RefreshCcw className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            {t("guarantee.cancelAnytime")}
          </li>
        </ul>

        <CreditHistory history={history} />
      </div>
    </ClientMessages>
  );
}
