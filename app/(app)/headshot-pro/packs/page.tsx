import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { CircleAlert } from "@/components/icons/circle-alert";
import { CheckoutCancelledNotice } from "@/components/billing/checkout-cancelled-notice";
import { StepHeader } from "@/components/flows/step-header";
import { HeadshotCashPacks } from "@/components/headshot/headshot-cash-packs";
import { requireUser } from "@/lib/auth/session";
import { currencyForLocale } from "@/lib/billing/money";
import { resolvePaymentsMode } from "@/lib/billing/payments-config";
import { buildPriceList } from "@/lib/billing/price-list";
import { env } from "@/lib/env";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("packs");
}

/** The one-time purchase screen: the cash packs of decision 7, priced in the user's currency. */
export default async function HeadshotPacksPage() {
  await requireUser(headshotPath("packs"));
  const t = await getTranslations();
  const priceList = buildPriceList(currencyForLocale(await getLocale()));
  const paymentsEnabled = resolvePaymentsMode(env) !== "disabled";
  return (
    <>
      <CheckoutCancelledNotice />
      <StepHeader current={5} total={5} title={t("flows.headshotPro.packs.title")} subtitle={t("flows.headshotPro.packs.subtitle")} />
      {paymentsEnabled ? (
        <HeadshotCashPacks offers={priceList.cashPacks} currency={priceList.currency} />
      ) : (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-dashed p-4 text-sm" data-testid="payments-not-configured">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t("checkout.notConfigured")}
        </p>
      )}
    </>
  );
}
