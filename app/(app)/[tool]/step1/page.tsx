import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { ModelUnavailableNotice } from "@/components/flows/model-unavailable-notice";
import { FlowStep1Form } from "@/components/flows/step1/flow-step1-form";
import { flowPageMetadata } from "@/lib/flows/flow-metadata";
import { activeEngine } from "@/lib/generation/engine-status";
import { looksNeedingAiEngine } from "@/lib/generation/engines/local/local-capabilities";
import { resolveFlowPage, type FlowPageParams } from "@/lib/flows/flow-page";
import { lookToolOf } from "@/lib/flows/flow-tools";

export function generateMetadata({ params }: { params: FlowPageParams }): Promise<Metadata> {
  return flowPageMetadata(params, "step1");
}

/** Step 1 of AI Product, Hair Changer and Body Shaper: the photo and the tool's options. */
export default async function FlowStep1Page({ params }: { params: FlowPageParams }) {
  const { flow } = await resolveFlowPage(params);
  const t = await getTranslations(`flows.${flow.messageKey}.step1`);
  const localEngine = activeEngine(flow.tool.id) === "local";
  // Worked out here, so the local engine's vocabularies stay out of the page's JS (issue 16).
  const needingAiEngine = localEngine && flow.kind === "look" ? looksNeedingAiEngine(lookToolOf(flow), flow.looks) : null;
  return (
    <>
      <StepHeader current={1} total={2} title={t("title")} subtitle={t("subtitle")} />
      <ModelUnavailableNotice tool={flow.tool.id} />
      <FlowStep1Form slug={flow.slug} localEngine={localEngine} looksNeedingAiEngine={needingAiEngine} />
    </>
  );
}
