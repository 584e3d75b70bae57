import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StepHeader } from "@/components/flows/step-header";
import { FlowReview } from "@/components/flows/step2/flow-review";
import { EngineNotice } from "@/components/flows/engine-notice";
import { ModelUnavailableNotice } from "@/components/flows/model-unavailable-notice";
import { getCurrentAccount } from "@/lib/account/current-account";
import { flowPageMetadata } from "@/lib/flows/flow-metadata";
import { resolveFlowPage, type FlowPageParams } from "@/lib/flows/flow-page";

export function generateMetadata({ params }: { params: FlowPageParams }): Promise<Metadata> {
  return flowPageMetadata(params, "step2");
}

/** Step 2: the review and Generate. The draft lives in the browser, so the check for it does too. */
export default async function FlowStep2Page({ params }: { params: FlowPageParams }) {
  const { flow } = await resolveFlowPage(params);
  const t = await getTranslations("flows.common.review");
  const account = await getCurrentAccount();
  return (
    <>
      <StepHeader current={2} total={2} title={t("title")} subtitle={t("subtitle")} />
      <EngineNotice tool={flow.tool.id} />
      <ModelUnavailableNotice tool={flow.tool.id} />
      <FlowReview slug={flow.slug} credits={account?.credits ?? 0} />
    </>
  );
}
