import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { HeadshotStep3Form } from "@/components/headshot/headshot-step3-form";
import { requireUser } from "@/lib/auth/session";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("step3");
}

/** Step 3 of 4: the styles (spec §2); the draft lives in the browser, so the check for it does too. */
export default async function HeadshotStep3Page() {
  await requireUser(headshotPath("step3"));
  const t = await getTranslations("flows.headshotPro.step3");
  return (
    <>
      <StepHeader current={3} total={4} title={t("title")} subtitle={t("subtitle")} />
      <HeadshotStep3Form />
    </>
  );
}
