import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { ModelUnavailableNotice } from "@/components/flows/model-unavailable-notice";
import { HeadshotStep1Form } from "@/components/headshot/headshot-step1-form";
import { PhotoGuidelines } from "@/components/headshot/photo-guidelines";
import { requireUser } from "@/lib/auth/session";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("step1");
}

/** Step 1 of 4: the photo and the good/bad photo guidelines (spec §2). */
export default async function HeadshotStep1Page() {
  await requireUser(headshotPath("step1"));
  const t = await getTranslations("flows.headshotPro.step1");
  return (
    <>
      <StepHeader current={1} total={4} title={t("title")} subtitle={t("subtitle")} />
      <ModelUnavailableNotice tool="headshot_pro" />
      <HeadshotStep1Form guidelines={<PhotoGuidelines />} />
    </>
  );
}
