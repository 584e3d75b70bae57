import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { FlaskConical } from "@/components/icons/flask-conical";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { CurrentPlanCard } from "@/components/billing/current-plan-card";
import { TestPortalCancellation } from "@/components/billing/test-portal-cancellation";
import { TestPortalPlanForm } from "@/components/billing/test-portal-plan-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { loadBillingOverview } from "@/lib/billing/billing-overview";
import { billingContext } from "@/lib/billing/context";
import { currencyForLocale } from "@/lib/billing/money";
import { buildPriceList } from "@/lib/billing/price-list";
import { plansPath } from "@/lib/billing/return-path";
import { loadTestPortal } from "@/lib/billing/test-portal";
import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("subscription.testPortal");
  return { title: t("metaTitle") };
}

/**
 * The built-in subscription portal of test mode (issue 15 story 8): change plan, switch monthly
 * and yearly, cancel at the end of the term, resume. With Stripe configured, plans are managed
 * in Stripe's Customer Portal, so this page sends the user back to /subscription.
 */
export default async function TestPortalPage() {
  const user = await requireUser("/subscription/manage");
  const ctx = billingContext();
  if (ctx.payments.mode !== "test") redirect(plansPath);
  const t = await getTranslations("subscription.testPortal");
  const format = await getFormatter();
  const currency = currencyForLocale(await getLocale());
  const [portal, overview] = await Promise.all([loadTestPortal(ctx, user.id), loadBillingOverview(ctx.db, user.id, "test")]);

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/subscription/manage/page"]}>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Link
          href={plansPath}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t("back")}
        </Link>
        <header className="space-y-2">
          <Badge variant="outline" className="gap-1 border-amber-500/50 text-amber-700 dark:text-amber-300">
            <FlaskConical aria-hidden="true" />
            {t("badge")}
          </Badge>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </header>

        {portal && overview.subscription ? (
          <>
            <CurrentPlanCard
              summary={{
                planId: portal.planId,
                billingCycle: portal.billingCycle,
                availableCredits: overview.availableCredits,
                monthlyCredits: overview.monthlyCredits,
                creditsUsed: overview.creditsUsed,
                currentPeriodEnd: portal.cancelAtPeriodEnd ? portal.termEnd : null,
                cancelAtPeriodEnd: portal.cancelAtPeriodEnd,
                management: null,
              }}
            />
            <TestPortalPlanForm
              plans={buildPriceList(currency).plans}
              currency={currency}
              current={{ planId: portal.planId, billingCycle: portal.billingCycle }}
            />
            <TestPortalCancellation cancelAtPeriodEnd={portal.cancelAtPeriodEnd} termEnd={format.dateTime(portal.termEnd, { dateStyle: "long" })} />
          </>
        ) : (
          <section className="space-y-3 rounded-2xl border bg-card p-6 text-center shadow-sm" data-testid="test-portal-empty">
            <p className="font-medium">{t("none")}</p>
            <Button asChild variant="brand">
              <Link href={plansPath}>{t("seePlans")}</Link>
            </Button>
          </section>
        )}
      </div>
    </ClientMessages>
  );
}
