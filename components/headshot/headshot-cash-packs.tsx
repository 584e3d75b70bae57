"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { CreditCard } from "@/components/icons/credit-card";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { useCheckoutLauncher } from "@/components/billing/use-checkout-launcher";
import { Badge } from "@/components/ui/badge";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { createCashPackCheckoutAction } from "@/lib/actions/create-cash-pack-checkout";
import type { CashPackType } from "@/lib/billing/catalog";
import { formatMoney, type Currency } from "@/lib/billing/money";
import type { CashPackOffer } from "@/lib/billing/price-list";
import { browserStorage, writeStoredJson } from "@/lib/flows/draft-storage";
import { headshotGenerationOptions } from "@/lib/headshot/headshot-draft";
import { headshotLastGenerationKey, headshotPath } from "@/lib/headshot/headshot-paths";
import { updateHeadshotDraft } from "./headshot-draft-store";
import { StepPlaceholder } from "./step-placeholder";
import { StepNavigation } from "./step-navigation";
import { useHeadshotStep } from "./use-headshot-step";

/**
 * The one-time purchase screen (decision 7): three packs paid at checkout in a new tab. The
 * order is stored on the server first and starts when the payment is confirmed; this tab then
 * follows it on the loading page.
 */
export function HeadshotCashPacks({ offers, currency }: { offers: readonly CashPackOffer[]; currency: Currency }) {
  const t = useTranslations("flows.headshotPro");
  const locale = useLocale();
  const router = useRouter();
  const { draft, ready } = useHeadshotStep("payment");
  const { launch, busy } = useCheckoutLauncher();
  const [waiting, setWaiting] = useState(false);
  if (!ready || draft.photoDataUrl === null) return <StepPlaceholder />;
  const photo = draft.photoDataUrl;
  const chosen = offers.find((offer) => offer.packageType === draft.packageId) ?? offers.find((offer) => offer.popular) ?? offers[0];
  if (!chosen) return null;

  function buy(packageType: CashPackType) {
    void launch(packageType, async () => {
      const result = await createCashPackCheckoutAction({
        packageType,
        options: headshotGenerationOptions(draft, packageType),
        image: photo,
      });
      if (result.ok) {
        setWaiting(true);
        writeStoredJson(browserStorage(), headshotLastGenerationKey, result.data.generationId);
        router.push(headshotPath("loading", result.data.generationId));
      }
      return result;
    });
  }

  return (
    <div className="space-y-6" data-testid="headshot-cash-packs">
      <RadioGroup
        value={chosen.packageType}
        onValueChange={(value) => {
          const offer = offers.find((candidate) => candidate.packageType === value);
          if (offer) updateHeadshotDraft({ packageId: offer.packageType });
        }}
        aria-label={t("packs.title")}
        className="grid gap-4 sm:grid-cols-3"
      >
        {offers.map((offer) => (
          <RadioGroupCard key={offer.packageType} value={offer.packageType} className="flex flex-col gap-2 p-5 text-start" data-testid={`cash-pack-${offer.packageType}`}>
            <span className="flex min-h-6 empty:hidden sm:empty:flex">{offer.popular ? <Badge>{t("packs.popular")}</Badge> : null}</span>
            <span className="text-2xl font-bold">{formatMoney(offer.priceMinor, currency, locale)}</span>
            <span className="font-medium">{t("package.headshots", { count: offer.headshots })}</span>
            <span className="text-sm text-muted-foreground">{t("packs.perImage", { price: formatMoney(offer.perImageMinor, currency, locale) })}</span>
          </RadioGroupCard>
        ))}
      </RadioGroup>
      {waiting ? (
        <p role="status" className="rounded-xl bg-muted/60 p-3 text-sm">
          {t("packs.waiting")}
        </p>
      ) : null}
      <StepNavigation
        backHref={headshotPath("step4")}
        backLabel={t("packs.back")}
        onContinue={() => buy(chosen.packageType)}
        continueDisabled={busy}
        continueLabel={busy ? t("packs.preparing") : t("packs.continue")}
        continueIcon={busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
      />
    </div>
  );
}
