import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MissingInformationRedirect } from "@/components/flows/missing-information-redirect";
import { EngineNotice } from "@/components/flows/engine-notice";
import { HeadshotLoading } from "@/components/headshot/headshot-loading";
import { requireUser } from "@/lib/auth/session";
import { generationIdParam, type FlowSearchParams } from "@/lib/flows/flow-page";
import { findUserHeadshotGeneration } from "@/lib/headshot/headshot-generation";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotPath } from "@/lib/headshot/headshot-paths";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("loading");
}

/** /headshot-pro/loading?id=<generationId>: the progress of one of the user's headshot jobs. */
export default async function HeadshotLoadingPage({ searchParams }: { searchParams: FlowSearchParams }) {
  const user = await requireUser(headshotPath("loading"));
  const generation = await findUserHeadshotGeneration(user.id, await generationIdParam(searchParams));
  if (!generation) return <MissingInformationRedirect step1Path={headshotPath("step1")} />;
  const t = await getTranslations("generation.loading.headshotPro");
  return (
    <>
      <header className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
      </header>
      <EngineNotice tool="headshot_pro" />
      <HeadshotLoading generationId={generation.id} createdAt={generation.createdAt.getTime()} creditsCost={generation.creditsCost} />
    </>
  );
}
