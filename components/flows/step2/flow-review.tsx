"use client";

import Image from "next/image";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { Clock } from "@/components/icons/clock";
import { Coins } from "@/components/icons/coins";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Sparkles } from "@/components/icons/sparkles";
import { RefreshOnReturn } from "@/components/billing/refresh-on-return";
import { Button } from "@/components/ui/button";
import { PhotoCheckNotice } from "@/components/upload/photo-check-notice";
import { blockingProblem, usePhotoCheck } from "@/components/upload/use-photo-check";
import { isPhotoCheckedTool } from "@/lib/generation/photo-check/judge-photo";
import { generationOptions, isDraftComplete } from "@/lib/flows/flow-drafts";
import { generationCost } from "@/lib/flows/generation-cost";
import { flowPath, flowTools, type FlowSlug } from "@/lib/flows/flow-tools";
import { useFlowDraft } from "../draft/flow-draft-store";
import { useMissingInformationRedirect } from "../use-missing-information";
import { ReviewSummary } from "./review-summary";
import { useStartGeneration } from "./use-start-generation";

/**
 * Step 2 of every two-step tool: the photo (with the photo check's findings) and choices, the
 * timing, Back and Generate, which stays off while the photo cannot work.
 */
export function FlowReview({ slug, credits }: { slug: FlowSlug; credits: number }) {
  const flow = flowTools[slug];
  const t = useTranslations("flows");
  const { restored, draft, photo } = useFlowDraft(flow);
  const complete = photo !== null && isDraftComplete(draft, true);
  useMissingInformationRedirect(flowPath(slug, "step1"), restored && !complete);
  const cost = generationCost(flow, draft) ?? 0;
  const photoCheck = usePhotoCheck(isPhotoCheckedTool(flow.tool.id) ? flow.tool.id : null, photo?.dataUrl ?? null);
  const photoBlocked = blockingProblem(photoCheck) !== undefined;
  const { start, pending } = useStartGeneration({
    tool: flow.tool.id,
    lastGenerationKey: flow.storageKeys.lastGenerationId,
    loadingPath: (id) => flowPath(slug, "loading", id),
  });

  if (!restored || !complete || photo === null) {
    return <div className="h-96 animate-pulse rounded-2xl bg-muted/50" aria-hidden="true" />;
  }

  return (
    <div className="space-y-6" data-testid="flow-review">
      {/* Credits bought in the checkout tab count as soon as the user is back here. */}
      <RefreshOnReturn />
      <div className="grid gap-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <figure className="space-y-2">
          <div className="relative aspect-square overflow-hidden rounded-xl border bg-muted/40">
            <Image src={photo.dataUrl} alt={t("common.review.photoAlt")} fill unoptimized sizes="(min-width: 768px) 20rem, 100vw" className="object-contain" />
          </div>
          <figcaption className="flex items-center justify-between text-sm text-muted-foreground">
            {t("common.review.photo")}
            <Link href={flowPath(slug, "step1")} className="font-medium text-primary underline-offset-4 hover:underline">
              {t("common.review.change")}
            </Link>
          </figcaption>
          <PhotoCheckNotice state={photoCheck} />
        </figure>
        <div className="space-y-4">
          <h2 className="text-lg font-semibold">{t("common.review.choices")}</h2>
          <ReviewSummary flow={flow} draft={draft} />
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t(`${flow.messageKey}.review.duration`)}
          </p>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Coins className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t("common.review.costNote", { credits: cost })}
          </p>
          {credits < cost ? (
            <p className="text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="review-credits-short">
              {t("common.review.creditsShort", { available: credits })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="outline" size="lg">
          <Link href={flowPath(slug, "step1")} data-testid="flow-back">
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {t("common.back")}
          </Link>
        </Button>
        <Button
          type="button"
          variant="brand"
          size="lg"
          disabled={pending || photoBlocked}
          onClick={() => start({ options: generationOptions(draft), image: photo.dataUrl, cost, credits })}
          data-testid="flow-generate"
        >
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          {pending ? t("common.review.starting") : t(`${flow.messageKey}.generate`, { credits: cost })}
        </Button>
      </div>
    </div>
  );
}
