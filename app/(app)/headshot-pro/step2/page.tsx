import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { HeadshotStep2Form } from "@/components/headshot/headshot-step2-form";
import { requireUser } from "@/lib/auth/session";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("step2");
}

/** Step 2 of 4: gender and age range (spec §2); the draft lives in the browser, so the check for it does too. */
export default async function HeadshotStep2Page() {
  await requireUser(headshotPath("step2"));
  const t = await getTranslations("flows.headshotPro.step2");
  return (
    <>
      <StepHeader current={2} total={4} title={t("title")} subtitle={t("subtitle")} />
      <HeadshotStep2Form />
    </>
  );
}
