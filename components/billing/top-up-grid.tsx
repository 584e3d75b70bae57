"use client";

import { Coins } from "@/components/icons/coins";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Trophy } from "@/components/icons/trophy";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { createCreditCheckoutAction } from "@/lib/actions/create-credit-checkout";
import { formatMoney, type Currency } from "@/lib/billing/money";
import { headshotLandingPath } from "@/lib/headshot/headshot-paths";
import type { TopUpOffer } from "@/lib/billing/price-list";
import { cn } from "@/lib/utils";
import { useCheckoutLauncher } from "./use-checkout-launcher";

/**
 * The credit packs (spec §2: credits, price, price per credit, about credits/2 images, Best Value
 * on the cheapest credit). Used on /subscription and in the Add Credits dialog.
 */
export function TopUpGrid({
  offers,
  currency,
  paymentsEnabled,
  compact = false,
}: {
  offers: TopUpOffer[];
  currency: Currency;
  paymentsEnabled: boolean;
  compact?: boolean;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const { launch, pendingKey, busy } = useCheckoutLauncher();
  // Credits bought inside the headshot wizard (its Add Credits dialog) return to its step 4.
  const returnTo = usePathname().startsWith(`${headshotLandingPath}/`) ? "headshot" : undefined;
  const money = (minor: number) => formatMoney(minor, currency, locale);

  return (
    <div className="space-y-3">
      <ul className={cn("grid gap-3", compact ? "grid-cols-2" : "grid-cols-2 lg:grid-cols-4")}>
        {offers.map((offer) => {
          const pending = pendingKey === String(offer.credits);
          return (
            <li
              key={offer.credits}
              data-testid={`top-up-${offer.credits}`}
              className={cn(
                "relative flex flex-col gap-2 rounded-xl border bg-card",
                compact ? "p-3" : "p-4",
                offer.bestValue && "border-primary ring-1 ring-primary",
              )}
            >
              {offer.bestValue ? (
                <span className="absolute -top-2.5 start-3 inline-flex items-center gap-1 rounded-full bg-linear-to-r from-brand-from to-brand-to px-2 py-0.5 text-xs font-semibold text-white">
                  <Trophy className="size-3" aria-hidden="true" />
                  {t("credits.pack.bestValue")}
                </span>
              ) : null}
              <p className={cn("flex items-center gap-1.5 font-semibold whitespace-nowrap tabular-nums", compact ? "text-base" : "text-lg")}>
                <Coins className="size-4 text-primary" aria-hidden="true" />
                {t("credits.pack.credits", { count: offer.credits })}
              </p>
              <p className={cn("font-bold whitespace-nowrap tabular-nums", compact ? "text-xl" : "text-2xl")} data-testid="top-up-price">
                {money(offer.priceMinor)}
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">
                {t("credits.pack.perCredit", { price: money(offer.perCreditMinor) })}
                <br />
                {t("credits.pack.images", { count: offer.images })}
              </p>
              <Button
                className="mt-auto"
                size="sm"
                variant={offer.bestValue ? "brand" : "outline"}
                disabled={!paymentsEnabled || busy}
                aria-label={t("credits.pack.buy", { count: offer.credits })}
                onClick={() => launch(String(offer.credits), () => createCreditCheckoutAction({ credits: offer.credits, returnTo }))}
                data-testid={`buy-top-up-${offer.credits}`}
              >
                {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {pending ? t("credits.pack.processing") : t("credits.pack.buyShort")}
              </Button>
            </li>
          );
        })}
      </ul>
      {paymentsEnabled ? null : (
        <p role="status" className="text-sm font-medium text-destructive">
          {t("checkout.notConfigured")}
        </p>
      )}
    </div>
  );
}
