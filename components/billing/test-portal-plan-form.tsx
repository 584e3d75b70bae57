"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { useHydrated } from "@/components/use-hydrated";
import { updateTestPlanAction } from "@/lib/actions/update-test-plan";
import type { BillingCycle, PlanId } from "@/lib/billing/catalog";
import { formatMoney, type Currency } from "@/lib/billing/money";
import type { PlanOffer } from "@/lib/billing/price-list";
import { BillingCycleSwitch } from "./billing-cycle-switch";

/** The built-in portal's plan change: another plan, or the same one billed monthly or yearly. */
export function TestPortalPlanForm({
  plans,
  currency,
  current,
}: {
  plans: PlanOffer[];
  currency: Currency;
  current: { planId: PlanId; billingCycle: BillingCycle };
}) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [planId, setPlanId] = useState<PlanId>(current.planId);
  const [cycle, setCycle] = useState<BillingCycle>(current.billingCycle);
  const [isPending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const unchanged = planId === current.planId && cycle === current.billingCycle;

  const submit = () =>
    startTransition(async () => {
      const result = await updateTestPlanAction({ action: "change", planId, billingCycle: cycle });
      if (!result.ok) {
        toast.error(t("checkout.errorTitle"), { description: t(result.error, result.values) });
        return;
      }
      toast.success(t("subscription.testPortal.changed", { plan: t(`userMenu.plans.${planId}`) }));
      // The header's balance and this page's plan come from the server.
      router.refresh();
    });

  return (
    <section aria-labelledby="test-portal-change-title" className="space-y-4 rounded-2xl border bg-card p-5 shadow-sm" data-testid="test-portal-change">
      <div className="space-y-1">
        <h2 id="test-portal-change-title" className="text-lg font-semibold">
          {t("subscription.testPortal.changeTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("subscription.testPortal.changeHint")}</p>
      </div>
      <BillingCycleSwitch value={cycle} onChange={setCycle} />
      <RadioGroup
        value={planId}
        onValueChange={(value) => setPlanId(plans.find((plan) => plan.id === value)?.id ?? planId)}
        aria-label={t("subscription.testPortal.changeTitle")}
        className="grid gap-3 sm:grid-cols-3"
      >
        {plans.map((plan) => (
          <RadioGroupCard key={plan.id} value={plan.id} className="space-y-1 p-4 text-start" data-testid={`test-portal-plan-${plan.id}`}>
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold">{t(`userMenu.plans.${plan.id}`)}</span>
              {plan.id === current.planId && cycle === current.billingCycle ? (
                <Badge variant="secondary">{t("subscription.testPortal.current")}</Badge>
              ) : null}
            </span>
            <span className="block text-sm tabular-nums">
              {t("subscription.testPortal.creditsPerMonth", { count: plan.credits })}
            </span>
            <span className="block text-sm text-muted-foreground tabular-nums">
              {formatMoney(plan.prices[cycle].perMonthMinor, currency, locale)}
              {t("subscription.plan.perMonth")}
            </span>
          </RadioGroupCard>
        ))}
      </RadioGroup>
      <div className="flex justify-end">
        <Button variant="brand" disabled={unchanged || isPending || !hydrated} onClick={submit} data-testid="test-portal-change-submit">
          {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {isPending ? t("subscription.testPortal.changing") : t("subscription.testPortal.changeButton")}
        </Button>
      </div>
    </section>
  );
}
