import { Crown } from "@/components/icons/crown";
import { getFormatter, getTranslations } from "next-intl/server";
import type { BillingCycle, PlanId } from "@/lib/billing/catalog";
import { ManageSubscriptionButton } from "./manage-subscription-button";

export interface CurrentPlanSummary {
  planId: PlanId;
  billingCycle: BillingCycle;
  availableCredits: number;
  monthlyCredits: number;
  creditsUsed: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Where the plan is managed: Stripe's Customer Portal, or the built-in portal of test mode. */
  management: "stripe" | "test" | null;
}

/** The active subscription at a glance, with the button that manages it. */
export async function CurrentPlanCard({ summary }: { summary: CurrentPlanSummary }) {
  const t = await getTranslations();
  const format = await getFormatter();
  const date = summary.currentPeriodEnd ? format.dateTime(summary.currentPeriodEnd, { dateStyle: "long" }) : null;
  return (
    <section
      aria-labelledby="current-plan-title"
      data-testid="current-plan-card"
      className="flex flex-col gap-4 rounded-2xl border border-primary/30 bg-primary/5 p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-white">
        <Crown className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1 space-y-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("subscription.current.label")}</p>
        <h2 id="current-plan-title" className="text-lg font-semibold">
          {t("subscription.current.planName", { plan: t(`userMenu.plans.${summary.planId}`) })}
          <span className="ms-2 text-sm font-normal text-muted-foreground">
            {t(`subscription.current.${summary.billingCycle}`)}
          </span>
        </h2>
        <p className="text-sm tabular-nums">
          <span className="font-medium" data-testid="current-plan-credits">
            {t("subscription.current.available", { count: summary.availableCredits })}
          </span>
          <span className="text-muted-foreground">
            {" · "}
            {t("subscription.current.allowance", { used: summary.creditsUsed, monthly: summary.monthlyCredits })}
          </span>
        </p>
        {date ? (
          <p className="text-sm text-muted-foreground">
            {summary.cancelAtPeriodEnd ? t("subscription.current.endsOn", { date }) : t("subscription.current.renews", { date })}
          </p>
        ) : null}
      </div>
      {summary.management ? <ManageSubscriptionButton management={summary.management} /> : null}
    </section>
  );
}
