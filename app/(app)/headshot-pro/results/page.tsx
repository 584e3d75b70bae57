import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { Lightbulb } from "@/components/icons/lightbulb";
import { Sparkles } from "@/components/icons/sparkles";
import { getDb } from "@/db";
import { EngineNotice } from "@/components/flows/engine-notice";
import { ForgetCachedResults, OpenCachedResults, RememberResults } from "@/components/flows/results/results-cache";
import { DeliveryRefundNotice } from "@/components/generation/delivery-refund-notice";
import { LikenessNotice } from "@/components/generation/likeness-notice";
import { DownloadAllButton } from "@/components/gallery/download-all-button";
import { NoImagesLeft } from "@/components/results/no-images-left";
import { ResultsGallery } from "@/components/results/results-gallery";
import { Button } from "@/components/ui/button";
import { getCurrentAccount } from "@/lib/account/current-account";
import { requireUser } from "@/lib/auth/session";
import { planAllowsEditing } from "@/lib/catalog/plan-features";
import { generationIdParam, type FlowSearchParams } from "@/lib/flows/flow-page";
import { loadDeliveryRefund } from "@/lib/generation/delivery-refunds";
import { loadLikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import { findUserHeadshotGeneration } from "@/lib/headshot/headshot-generation";
import { headshotPageMetadata } from "@/lib/headshot/headshot-page";
import { headshotLandingPath, headshotLastGenerationKey, headshotPath } from "@/lib/headshot/headshot-paths";
import { loadGallery } from "@/lib/results/load-gallery";

export function generateMetadata(): Promise<Metadata> {
  return headshotPageMetadata("results");
}

const tipKeys = ["profiles", "website", "edit"] as const;

/**
 * /headshot-pro/results?id=<generationId>: the shots as the server has them (so they survive a
 * reload, another tab and another device), Download All as headshots.zip, per-image Download,
 * Edit and Delete, shots made again or left out because they did not look like the user
 * (decision 24), what came back for shots that could not be made (decision 19), and the next
 * steps. Without results it goes to /headshot-pro (spec §2).
 */
export default async function HeadshotResultsPage({ searchParams }: { searchParams: FlowSearchParams }) {
  const user = await requireUser(headshotPath("results"));
  const cache = { storageKey: headshotLastGenerationKey, fallbackPath: headshotLandingPath };
  const id = await generationIdParam(searchParams);
  if (!id) return <OpenCachedResults {...cache} resultsPath={headshotPath("results")} />;
  const generation = await findUserHeadshotGeneration(user.id, id);
  if (!generation) return <ForgetCachedResults {...cache} />;
  // Not finished yet, or failed: the loading page shows progress or the failure and refund.
  if (generation.status !== "complete") redirect(headshotPath("loading", generation.id));

  const [gallery, refund, likeness, account, t] = await Promise.all([
    loadGallery(getDb(), user.id, generation.id),
    loadDeliveryRefund(getDb(), user.id, generation.id),
    loadLikenessSummary(getDb(), user.id, generation.id),
    getCurrentAccount(),
    getTranslations("flows"),
  ]);
  const images = gallery.state === "ready" ? gallery.images : [];

  return (
    <>
      <RememberResults storageKey={headshotLastGenerationKey} generationId={generation.id} />
      <Link
        href="/dashboard"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        data-testid="headshot-results-back"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("headshotPro.results.back")}
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("headshotPro.results.title")}</h1>
          {images.length > 0 ? (
            <p className="text-muted-foreground" data-testid="headshot-results-count">
              {t("headshotPro.results.subtitle", { count: images.length })}
            </p>
          ) : null}
        </div>
        {images.length > 0 ? <DownloadAllButton generationId={generation.id} /> : null}
      </header>
      <LikenessNotice summary={likeness} ordered={generation.numberShots} />
      {refund ? <DeliveryRefundNotice refund={refund} ordered={generation.numberShots} /> : null}
      <EngineNotice tool="headshot_pro" madeBy={generation.engine} />
      {images.length > 0 ? (
        <ResultsGallery images={images} credits={account?.credits ?? 0} aspect="portrait" editingIncluded={planAllowsEditing(account?.plan ?? null)} />
      ) : (
        <NoImagesLeft allDeleted={gallery.state === "allDeleted"} />
      )}
      <section aria-labelledby="headshot-tips-title" className="space-y-3 rounded-2xl border bg-card p-5 shadow-sm">
        <h2 id="headshot-tips-title" className="flex items-center gap-2 font-semibold">
          <Lightbulb className="size-4 text-primary" aria-hidden="true" />
          {t("headshotPro.results.tipsTitle")}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
          {tipKeys.map((key) => (
            <li key={key}>{t(`headshotPro.results.tips.${key}`)}</li>
          ))}
        </ul>
      </section>
      <div className="flex justify-center">
        <Button asChild variant="brand" size="lg">
          <Link href={headshotLandingPath} data-testid="headshot-generate-more">
            <Sparkles aria-hidden="true" />
            {t("headshotPro.results.more")}
          </Link>
        </Button>
      </div>
    </>
  );
}
