"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { createSubscriptionCheckoutAction } from "@/lib/actions/create-subscription-checkout";
import type { BillingCycle, PlanId } from "@/lib/billing/catalog";
import type { Currency } from "@/lib/billing/money";
import type { PlanOffer } from "@/lib/billing/price-list";
import { BillingCycleSwitch } from "./billing-cycle-switch";
import { PlanCard, type PlanButtonState } from "./plan-card";
import { useCheckoutLauncher } from "./use-checkout-launcher";

/** The Monthly/Yearly switch and the plan cards; choosing one opens its checkout in a new tab. */
export function PlanPicker({
  plans,
  currency,
  current,
  paymentsEnabled,
}: {
  plans: PlanOffer[];
  currency: Currency;
  /** The active subscription, whose card says "Current Plan". */
  current: { planId: PlanId; billingCycle: BillingCycle } | null;
  paymentsEnabled: boolean;
}) {
  const t = useTranslations("checkout");
  const [cycle, setCycle] = useState<BillingCycle>(current?.billingCycle ?? "monthly");
  const { launch, pendingKey, busy } = useCheckoutLauncher();

  const stateOf = (planId: PlanId): PlanButtonState => {
    if (current?.planId === planId && current.billingCycle === cycle) return "current";
    if (pendingKey === `${planId}_${cycle}`) return "processing";
    return paymentsEnabled ? "choose" : "unavailable";
  };

  return (
    <div className="flex flex-col items-center gap-8">
      <BillingCycleSwitch value={cycle} onChange={setCycle} />
      <div className="grid w-full gap-6 pt-2 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            cycle={cycle}
            currency={currency}
            buttonState={stateOf(plan.id)}
            disabled={!paymentsEnabled || busy}
            onChoose={() =>
              launch(`${plan.id}_${cycle}`, () => createSubscriptionCheckoutAction({ planId: plan.id, billingCycle: cycle }))
            }
          />
        ))}
      </div>
      {paymentsEnabled ? null : (
        <p role="status" className="text-sm font-medium text-destructive" data-testid="payments-not-configured">
          {t("notConfigured")}
        </p>
      )}
    </div>
  );
}
