"use client";

import { useTranslations } from "next-intl";
import { useReleaseDraftPhotoWhenStarted } from "@/components/flows/draft/draft-photo-store";
import { LoadingProgressCard } from "@/components/flows/loading/loading-progress-card";
import { useElapsedTime } from "@/components/flows/loading/use-elapsed-time";
import { useHeldValue } from "@/components/flows/loading/use-held-value";
import { useLoadingOutcome } from "@/components/flows/loading/use-loading-outcome";
import { useMissingInformationRedirect } from "@/components/flows/use-missing-information";
import { useGenerationStatus } from "@/components/generation/use-generation-status";
import { browserStorage, readStoredJson } from "@/lib/flows/draft-storage";
import { rotatingMessageIndex } from "@/lib/flows/loading-progress";
import { headshotPro } from "@/lib/generation/tool-catalog";
import { headshotCreepStepMs, headshotShownProgress } from "@/lib/headshot/headshot-progress";
import { headshotLastGenerationKey, headshotPath } from "@/lib/headshot/headshot-paths";
import { HeadshotFailure } from "./headshot-failure";
import { HeadshotPaymentCancelled } from "./headshot-payment-cancelled";
import { updateHeadshotDraft } from "./headshot-draft-store";

/**
 * /headshot-pro/loading: follows the server's job (it keeps running if this page is left,
 * decision 10) with the headshot progress rule of spec §4; on success 'Generation completed!',
 * the package choice cleared and the results after 1.5 s; on failure the spec's message, the
 * inner reason and the refund; a cash pack whose checkout closed unpaid offers to pay again.
 */
export function HeadshotLoading({ generationId, createdAt, creditsCost }: { generationId: string; createdAt: number; creditsCost: number }) {
  const t = useTranslations("flows.headshotPro");
  const status = useGenerationStatus(generationId);
  const generation = status.state === "ready" ? status.generation : null;
  const outcome = generation?.status === "complete" || generation?.status === "failed" ? generation.status : null;
  const elapsedMs = useElapsedTime(createdAt, headshotCreepStepMs / 2, outcome === null);
  const isLastStarted = readStoredJson(browserStorage(), headshotLastGenerationKey) === generationId;
  useReleaseDraftPhotoWhenStarted(headshotPro.id, isLastStarted && generation !== null && !generation.awaitingPayment);

  useMissingInformationRedirect(headshotPath("step1"), status.state === "notFound");
  useLoadingOutcome({
    outcome,
    successToast: t("successToast"),
    resultsPath: headshotPath("results", generationId),
    onComplete() {
      // The package was spent on this generation; the photo and styles stay for the next one.
      if (readStoredJson(browserStorage(), headshotLastGenerationKey) === generationId) updateHeadshotDraft({ packageId: null });
    },
  });

  const progress = useHeldValue(
    headshotShownProgress({ status: generation?.status ?? "pending", serverProgress: generation?.progress ?? 0, elapsedMs }),
    status.reconnecting,
  );

  if (generation?.status === "failed") {
    return <HeadshotFailure generation={generation} creditsCost={creditsCost} />;
  }
  if (generation?.paymentCancelled) return <HeadshotPaymentCancelled generationId={generation.id} />;
  return (
    <LoadingProgressCard
      messageKey="headshotPro"
      loadingMessageKeys={headshotPro.loadingMessageKeys}
      progress={progress}
      messageIndex={rotatingMessageIndex(elapsedMs, headshotPro.loadingMessageKeys.length)}
      complete={generation?.status === "complete"}
      status={generation?.awaitingPayment ? t("loading.awaitingPayment") : undefined}
      reconnecting={status.reconnecting}
    />
  );
}
