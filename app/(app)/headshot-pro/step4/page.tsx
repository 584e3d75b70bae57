import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentReturnBanner } from "@/components/billing/payment-return-banner";
import { StepHeader } from "@/components/flows/step-header";
import { HeadshotReview } from "@/components/headshot/headshot-review";
import { requireUser } from "@/lib/auth/session";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { checkoutStatusInput } from "@/lib/validations/billing";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("step4");
}

/**
 * Step 4 of 4: the summary and 'Generate My Headshots'. Coming back from buying credits here
 * (?session_id=) shows 'Payment successful!' once the server has the payment (spec §2, decision 5).
 */
export default async function HeadshotStep4Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUser(headshotPath("step4"));
  const t = await getTranslations("flows.headshotPro.step4");
  const returned = checkoutStatusInput.safeParse({ sessionId: (await searchParams).session_id });
  return (
    <>
      <PaymentReturnBanner sessionId={returned.success ? returned.data.sessionId : undefined} variant="headshot" />
      <StepHeader current={4} total={4} title={t("title")} subtitle={t("subtitle")} />
      <HeadshotReview />
    </>
  );
}
