"use client";

import { Check } from "@/components/icons/check";
import { Coins } from "@/components/icons/coins";
import { Image as ImageIcon } from "@/components/icons/image";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Sparkles } from "@/components/icons/sparkles";
import { Tag } from "@/components/icons/tag";
import { X } from "@/components/icons/x";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { BillingCycle } from "@/lib/billing/catalog";
import { formatMoney, type Currency } from "@/lib/billing/money";
import type { PlanOffer } from "@/lib/billing/price-list";
import { cn } from "@/lib/utils";

export type PlanButtonState = "choose" | "processing" | "current" | "unavailable";

/** One plan (spec §2 /subscription): price per month, credits, cost per credit, images, features. */
export function PlanCard({
  plan,
  cycle,
  currency,
  buttonState,
  disabled,
  onChoose,
}: {
  plan: PlanOffer;
  cycle: BillingCycle;
  currency: Currency;
  buttonState: PlanButtonState;
  disabled: boolean;
  onChoose: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const price = plan.prices[cycle];
  const planName = t(`userMenu.plans.${plan.id}`);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
      className={cn(
        "relative flex flex-col gap-5 rounded-2xl border bg-card p-6",
        plan.popular ? "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary" : "shadow-sm",
      )}
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 start-1/2 -translate-x-1/2 gap-1 rounded-full bg-linear-to-r from-brand-from to-brand-to px-3 py-1 text-white rtl:translate-x-1/2">
          <Sparkles aria-hidden="true" />
          {t("subscription.plan.mostPopular")}
        </Badge>
      ) : null}
      <div className="space-y-1">
        <h3 id={`plan-${plan.id}-name`} className="text-lg font-semibold">
          {planName}
        </h3>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="plan-price">
            {money(price.perMonthMinor)}
          </span>
          <span className="text-sm text-muted-foreground">{t("subscription.plan.perMonth")}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {cycle === "yearly"
            ? t("subscription.plan.billedYearly", { amount: money(price.billedMinor) })
            : t("subscription.plan.billedMonthly")}
        </p>
      </div>
      <ul className="space-y-1.5 rounded-xl bg-muted/60 p-3 text-sm">
        <li className="flex items-baseline gap-1.5">
          <Coins className="size-4 shrink-0 self-center text-primary" aria-hidden="true" />
          <span className="font-semibold tabular-nums" data-testid="plan-credits">
            {t("subscription.plan.credits", { count: plan.credits })}
          </span>
          <span className="text-muted-foreground">{t("subscription.plan.perMonthCredits")}</span>
        </li>
        <li className="flex items-center gap-1.5 tabular-nums" data-testid="plan-per-credit">
          <Tag className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("subscription.plan.perCredit", { price: money(price.perCreditMinor) })}
        </li>
        <li className="flex items-center gap-1.5">
          <ImageIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("subscription.plan.images", { count: plan.images })}
        </li>
      </ul>
      <ul className="flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.key} className={cn("flex items-start gap-2", !feature.included && "text-muted-foreground")}>
            {feature.included ? (
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            ) : (
              <X className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span data-included={feature.included}>
              {feature.included ? null : <span className="sr-only">{t("subscription.plan.notIncluded")} </span>}
              {t(`plans.features.${feature.key}`, { count: plan.credits })}
            </span>
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        variant={plan.popular ? "brand" : "outline"}
        disabled={disabled || buttonState === "current" || buttonState === "processing"}
        onClick={onChoose}
        data-testid={`choose-plan-${plan.id}`}
      >
        {buttonState === "processing" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {buttonState === "current"
          ? t("subscription.plan.current")
          : buttonState === "processing"
            ? t("subscription.plan.processing")
            : t("subscription.plan.choose", { plan: planName })}
      </Button>
    </article>
  );
}
