import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { FlowStep1Form } from "@/components/flows/step1/flow-step1-form";
import { flowPageMetadata } from "@/lib/flows/flow-metadata";
import { activeEngine } from "@/lib/generation/engine-status";
import { resolveFlowPage, type FlowPageParams } from "@/lib/flows/flow-page";

export function generateMetadata({ params }: { params: FlowPageParams }): Promise<Metadata> {
  return flowPageMetadata(params, "step1");
}

/** Step 1 of AI Product, Hair Changer and Body Shaper: the photo and the tool's options. */
export default async function FlowStep1Page({ params }: { params: FlowPageParams }) {
  const { flow } = await resolveFlowPage(params);
  const t = await getTranslations(`flows.${flow.messageKey}.step1`);
  return (
    <>
      <StepHeader current={1} total={2} title={t("title")} subtitle={t("subtitle")} />
      <FlowStep1Form slug={flow.slug} localEngine={activeEngine(flow.tool.id) === "local"} />
    </>
  );
}
