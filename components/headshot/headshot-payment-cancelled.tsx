"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { CreditCard } from "@/components/icons/credit-card";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { CircleX as XCircle } from "@/components/icons/circle-x";
import { useCheckoutLauncher } from "@/components/billing/use-checkout-launcher";
import { Button } from "@/components/ui/button";
import { payCashPackAgainAction } from "@/lib/actions/pay-cash-pack-again";
import { headshotPath } from "@/lib/headshot/headshot-paths";

/**
 * The waiting page of a cash pack whose checkout was cancelled or expired (issue 15 story 7):
 * nothing was charged, the order is kept for 24 hours, and the buyer can pay again (a new
 * checkout for the same order, in a new tab) or go back to the packs.
 */
export function HeadshotPaymentCancelled({ generationId }: { generationId: string }) {
  const t = useTranslations("orders.waiting");
  const { launch, busy } = useCheckoutLauncher();
  return (
    <div role="alert" className="space-y-5 rounded-2xl border border-amber-500/40 bg-amber-500/5 p-6 text-center sm:p-10" data-testid="headshot-payment-cancelled">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-500/10 text-amber-700 dark:text-amber-300">
        <XCircle className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{t("cancelledTitle")}</h2>
        <p className="mx-auto max-w-md text-muted-foreground">{t("cancelledText")}</p>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button
          variant="brand"
          disabled={busy}
          onClick={() => void launch("pay-again", () => payCashPackAgainAction({ generationId }))}
          data-testid="headshot-pay-again"
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
          {busy ? t("preparing") : t("payAgain")}
        </Button>
        <Button asChild variant="outline">
          <Link href={headshotPath("packs")} data-testid="headshot-back-to-packs">
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {t("back")}
          </Link>
        </Button>
      </div>
    </div>
  );
}
