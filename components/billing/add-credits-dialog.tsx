"use client";

import Link from "next/link";
import { Lock } from "@/components/icons/lock";
import { useTranslations } from "next-intl";
import { useReturnFocus } from "@/components/results/use-return-focus";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { Currency } from "@/lib/billing/money";
import type { TopUpOffer } from "@/lib/billing/price-list";
import { TopUpGrid } from "./top-up-grid";

export interface AddCreditsOffer {
  subscriptionActive: boolean;
  paymentsEnabled: boolean;
  currency: Currency;
  topUps: TopUpOffer[];
}

/**
 * The Add Credits dialog (spec §2): the credit packs for active subscribers, and for everyone
 * else "Active Subscription Required" with a way to the plans. The server checks again.
 */
export function AddCreditsDialog({
  open,
  onOpenChange,
  offer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: AddCreditsOffer;
}) {
  const t = useTranslations("credits.dialog");
  // Opened from code (the credits badge, a tool's Generate), so Radix knows no trigger to refocus.
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        {...returnFocus}
        closeLabel={t("close")}
        className="max-h-[90dvh] overflow-y-auto p-4 sm:max-w-2xl sm:p-6"
        data-testid="add-credits-dialog"
      >
        {offer.subscriptionActive ? (
          <>
            <DialogHeader className="text-start">
              <DialogTitle>{t("title")}</DialogTitle>
              <DialogDescription>{t("description")}</DialogDescription>
            </DialogHeader>
            <TopUpGrid offers={offer.topUps} currency={offer.currency} paymentsEnabled={offer.paymentsEnabled} compact />
          </>
        ) : (
          <>
            <DialogHeader>
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Lock className="size-6" aria-hidden="true" />
              </span>
              <DialogTitle>{t("subscriptionRequired")}</DialogTitle>
              <DialogDescription>{t("subscriptionRequiredText")}</DialogDescription>
            </DialogHeader>
            <Button asChild variant="brand" size="lg" onClick={() => onOpenChange(false)}>
              <Link href="/subscription">{t("viewPlans")}</Link>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
