import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CheckoutCancelledNotice } from "@/components/billing/checkout-cancelled-notice";
import { StepHeader } from "@/components/flows/step-header";
import { EngineNotice } from "@/components/flows/engine-notice";
import { ModelUnavailableNotice } from "@/components/flows/model-unavailable-notice";
import { HeadshotPackagePicker } from "@/components/headshot/headshot-package-picker";
import { getCurrentAccount } from "@/lib/account/current-account";
import { requireUser } from "@/lib/auth/session";
import { headshotPageMetadata, readFreeTrialEligibility } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("payment");
}

/** The package choice, step 5 of 5 (spec §2, §4 Free trial): credit packages and Generate. */
export default async function HeadshotPackagePage() {
  const user = await requireUser(headshotPath("payment"));
  const [t, account, freeTrialEligible] = await Promise.all([
    getTranslations("flows.headshotPro.package"),
    getCurrentAccount(),
    readFreeTrialEligibility(user.id),
  ]);
  return (
    <>
      <CheckoutCancelledNotice />
      <StepHeader current={5} total={5} title={t("title")} subtitle={t("subtitle")} />
      <EngineNotice tool="headshot_pro" />
      <ModelUnavailableNotice tool="headshot_pro" />
      <HeadshotPackagePicker credits={account?.credits ?? 0} freeTrialEligible={freeTrialEligible} />
    </>
  );
}
