"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Coins } from "@/components/icons/coins";
import { useAddCredits } from "@/components/billing/add-credits-provider";
import { Button } from "@/components/ui/button";
import { editCreditCost } from "@/lib/generation/edit-cost";

/**
 * Why Edit is greyed out (spec §2: below the edit's cost) and how to change that: the Add
 * Credits dialog for subscribers, the plans for everyone else, as Generate does.
 */
export function EditCreditsHint() {
  const t = useTranslations("results.editCreditsHint");
  const addCredits = useAddCredits();
  return (
    <div className="space-y-3 text-sm">
      <p className="flex items-start gap-2">
        <Coins className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t("text", { cost: editCreditCost })}
      </p>
      {addCredits?.subscriptionActive ? (
        <Button size="sm" variant="brand" className="w-full" onClick={addCredits.openAddCredits} data-testid="edit-credits-hint-action">
          {t("action")}
        </Button>
      ) : (
        <Button asChild size="sm" variant="brand" className="w-full">
          <Link href="/subscription" data-testid="edit-credits-hint-action">
            {t("action")}
          </Link>
        </Button>
      )}
    </div>
  );
}
