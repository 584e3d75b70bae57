import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RotateCcw } from "@/components/icons/rotate-ccw";
import { getDb } from "@/db";
import { EngineNotice } from "@/components/flows/engine-notice";
import { ResultBanner } from "@/components/flows/results/result-banner";
import { LikenessNotice } from "@/components/generation/likeness-notice";
import { ForgetCachedResults, OpenCachedResults, RememberResults } from "@/components/flows/results/results-cache";
import { NoImagesLeft } from "@/components/results/no-images-left";
import { ResultsGallery } from "@/components/results/results-gallery";
import { Button } from "@/components/ui/button";
import { getCurrentAccount } from "@/lib/account/current-account";
import { planAllowsEditing } from "@/lib/catalog/plan-features";
import { flowPageMetadata } from "@/lib/flows/flow-metadata";
import {
  findFlowGeneration,
  generationIdParam,
  resolveFlowPage,
  type FlowPageParams,
  type FlowSearchParams,
} from "@/lib/flows/flow-page";
import { flowPath } from "@/lib/flows/flow-tools";
import { loadLikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import { loadGallery } from "@/lib/results/load-gallery";

export function generateMetadata({ params }: { params: FlowPageParams }): Promise<Metadata> {
  return flowPageMetadata(params, "results");
}

/**
 * /{tool}/results?id=<generationId>: the result as the server has it, so it survives a reload;
 * edits and remixes made here join the grid. Without an id the last one of this tool opens.
 */
export default async function FlowResultsPage({ params, searchParams }: { params: FlowPageParams; searchParams: FlowSearchParams }) {
  const { flow, user } = await resolveFlowPage(params);
  const cache = { storageKey: flow.storageKeys.lastGenerationId, fallbackPath: flowPath(flow.slug, "step1") };
  const id = await generationIdParam(searchParams);
  if (!id) return <OpenCachedResults {...cache} resultsPath={flowPath(flow.slug, "results")} />;
  const generation = await findFlowGeneration(flow, user.id, id, "results");
  if (!generation) return <ForgetCachedResults {...cache} />;
  // Not finished yet, or failed: the loading page shows progress or the failure and refund.
  if (generation.status !== "complete") redirect(flowPath(flow.slug, "loading", generation.id));

  const [gallery, likeness, account, t] = await Promise.all([
    loadGallery(getDb(), user.id, generation.id),
    loadLikenessSummary(getDb(), user.id, generation.id),
    getCurrentAccount(),
    getTranslations("flows"),
  ]);
  const images = gallery.state === "ready" ? gallery.images : [];

  return (
    <>
      <RememberResults storageKey={cache.storageKey} generationId={generation.id} />
      <header className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`${flow.messageKey}.results.title`)}</h1>
        <p className="text-muted-foreground">{t(`${flow.messageKey}.results.subtitle`)}</p>
      </header>
      {images.length > 0 ? (
        <>
          <ResultBanner flow={flow} generation={generation} />
          <LikenessNotice summary={likeness} ordered={generation.numberShots} />
          {/* The banner itself says when the local engine made the image. */}
          {generation.engine === "local" ? null : <EngineNotice tool={flow.tool.id} madeBy={generation.engine} />}
          <ResultsGallery images={images} credits={account?.credits ?? 0} layout="single" aspect="portrait" editingIncluded={planAllowsEditing(account?.plan ?? null)} />
        </>
      ) : (
        <NoImagesLeft allDeleted={gallery.state === "allDeleted"} />
      )}
      <div className="flex justify-center">
        <Button asChild variant="brand" size="lg">
          <Link href={flowPath(flow.slug, "step1")} data-testid="flow-start-again">
            <RotateCcw aria-hidden="true" />
            {t(`${flow.messageKey}.results.more`)}
          </Link>
        </Button>
      </div>
    </>
  );
}
