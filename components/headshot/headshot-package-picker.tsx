"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowRight } from "@/components/icons/arrow-right";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Sparkles } from "@/components/icons/sparkles";
import { Wallet } from "@/components/icons/wallet";
import { RefreshOnReturn } from "@/components/billing/refresh-on-return";
import { useStartGeneration } from "@/components/flows/step2/use-start-generation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { headshotGenerationOptions } from "@/lib/headshot/headshot-draft";
import { chosenCreditPackage, offeredCreditPackages } from "@/lib/headshot/headshot-packages";
import { headshotLastGenerationKey, headshotPath } from "@/lib/headshot/headshot-paths";
import { updateHeadshotDraft } from "./headshot-draft-store";
import { StepPlaceholder } from "./step-placeholder";
import { useHeadshotStep } from "./use-headshot-step";

/**
 * Step 5 of 5: the credit packages (the free trial only when eligible, and then preselected),
 * 'Not enough credits' under those the balance does not cover, and Generate. The server
 * prices the package and checks eligibility again; the choice here is only a wish.
 */
export function HeadshotPackagePicker({ credits, freeTrialEligible }: { credits: number; freeTrialEligible: boolean }) {
  const t = useTranslations("flows.headshotPro");
  const { draft, ready } = useHeadshotStep("payment");
  const { start, pending } = useStartGeneration({
    tool: "headshot_pro",
    lastGenerationKey: headshotLastGenerationKey,
    loadingPath: (id) => headshotPath("loading", id),
  });
  if (!ready || draft.photoDataUrl === null) return <StepPlaceholder />;
  const photo = draft.photoDataUrl;
  const chosen = chosenCreditPackage(draft.packageId, freeTrialEligible);
  const packages = offeredCreditPackages(freeTrialEligible);

  return (
    <div className="space-y-6" data-testid="headshot-packages">
      {/* Credits bought in the checkout tab count as soon as the user is back here. */}
      <RefreshOnReturn />
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="package-balance">
        <Wallet className="size-4" aria-hidden="true" />
        {t("package.balance", { credits })}
      </p>
      <RadioGroup
        value={chosen.id}
        onValueChange={(id) => {
          const pack = packages.find((candidate) => candidate.id === id);
          if (pack) updateHeadshotDraft({ packageId: pack.id });
        }}
        aria-label={t("package.title")}
        className="grid gap-4 sm:grid-cols-2"
      >
        {packages.map((pack) => {
          const affordable = credits >= pack.credits;
          return (
            <RadioGroupCard key={pack.id} value={pack.id} className="flex flex-col gap-2 p-5 text-start" data-testid={`package-${pack.id}`}>
              <span className="flex min-h-6 flex-wrap gap-2 empty:hidden sm:empty:flex">
                {pack.id === "free_trial" ? <Badge className="bg-emerald-700 text-white">{t("package.tryFree")}</Badge> : null}
                {pack.popular ? <Badge>{t("package.popular")}</Badge> : null}
              </span>
              <span className="text-2xl font-bold">{t("package.headshots", { count: pack.headshots })}</span>
              <span className="text-muted-foreground">{t("package.credits", { count: pack.credits })}</span>
              {affordable ? null : (
                <span className="text-sm font-medium text-destructive" data-testid="not-enough-credits">
                  {t("package.notEnough")}
                </span>
              )}
            </RadioGroupCard>
          );
        })}
      </RadioGroup>
      <div className="flex justify-end">
        <Button
          type="button"
          variant="brand"
          size="lg"
          className="w-full sm:w-auto"
          disabled={pending}
          onClick={() =>
            start({ options: headshotGenerationOptions(draft, chosen.id), image: photo, cost: chosen.credits, credits })
          }
          data-testid="headshot-generate"
        >
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          {pending ? t("package.starting") : t("generate")}
        </Button>
      </div>
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <h2 className="font-semibold">{t("package.oneTimeTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("package.oneTimeText")}</p>
        </div>
        <Button asChild variant="outline">
          <Link href={headshotPath("packs")} data-testid="one-time-packs">
            {t("package.oneTimeLink")}
            <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
