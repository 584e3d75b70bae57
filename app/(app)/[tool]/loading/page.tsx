import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FlowLoading } from "@/components/flows/loading/flow-loading";
import { MissingInformationRedirect } from "@/components/flows/missing-information-redirect";
import { EngineNotice } from "@/components/flows/engine-notice";
import { flowPageMetadata } from "@/lib/flows/flow-metadata";
import {
  findFlowGeneration,
  generationIdParam,
  resolveFlowPage,
  type FlowPageParams,
  type FlowSearchParams,
} from "@/lib/flows/flow-page";
import { flowPath } from "@/lib/flows/flow-tools";

export function generateMetadata({ params }: { params: FlowPageParams }): Promise<Metadata> {
  return flowPageMetadata(params, "loading");
}

/** /{tool}/loading?id=<generationId>: the progress of one of the user's generations. */
export default async function FlowLoadingPage({ params, searchParams }: { params: FlowPageParams; searchParams: FlowSearchParams }) {
  const { flow, user } = await resolveFlowPage(params);
  const id = await generationIdParam(searchParams);
  const generation = id ? await findFlowGeneration(flow, user.id, id, "loading") : undefined;
  if (!generation) return <MissingInformationRedirect step1Path={flowPath(flow.slug, "step1")} />;

  const t = await getTranslations(`generation.loading.${flow.messageKey}`);
  return (
    <>
      <header className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
      </header>
      <EngineNotice tool={flow.tool.id} />
      <FlowLoading
        slug={flow.slug}
        generationId={generation.id}
        createdAt={generation.createdAt.getTime()}
        creditsCost={generation.creditsCost}
      />
    </>
  );
}
