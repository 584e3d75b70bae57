"use client";

import { useTranslations } from "next-intl";
import { useGenerationStatus } from "@/components/generation/use-generation-status";
import { browserStorage, readStoredJson } from "@/lib/flows/draft-storage";
import { isDraftComplete } from "@/lib/flows/flow-drafts";
import { flowPath, flowTools, type FlowSlug } from "@/lib/flows/flow-tools";
import { progressTickMs, rotatingMessageIndex, shownProgress } from "@/lib/flows/loading-progress";
import { resetDraft, useFlowDraft } from "../draft/flow-draft-store";
import { useMissingInformationRedirect } from "../use-missing-information";
import { LoadingFailureCard } from "./loading-failure-card";
import { LoadingProgressCard } from "./loading-progress-card";
import { useElapsedTime } from "./use-elapsed-time";
import { useHeldValue } from "./use-held-value";
import { useLoadingOutcome } from "./use-loading-outcome";

/**
 * The loading step: follows the server's job (it keeps running if this page is left, decision
 * 10), shows the generic progress rule of spec §4 (held while the server cannot be reached),
 * and on success resets the draft, says so and opens the results; on failure it shows the
 * reason, the refund and a way to retry.
 */
export function FlowLoading({
  slug,
  generationId,
  createdAt,
  creditsCost,
}: {
  slug: FlowSlug;
  generationId: string;
  /** When the server accepted the job (epoch ms): progress continues from there after a reload. */
  createdAt: number;
  creditsCost: number;
}) {
  const flow = flowTools[slug];
  const t = useTranslations(`flows.${flow.messageKey}`);
  const status = useGenerationStatus(generationId);
  const generation = status.state === "ready" ? status.generation : null;
  const outcome = generation?.status === "complete" || generation?.status === "failed" ? generation.status : null;
  const elapsedMs = useElapsedTime(createdAt, progressTickMs, outcome === null);
  const { draft, photo } = useFlowDraft(flow);
  const progress = useHeldValue(
    shownProgress({
      status: generation?.status ?? "pending",
      serverProgress: generation?.progress ?? 0,
      elapsedMs,
      expectedDurationMs: flow.tool.expectedDurationMs,
    }),
    status.reconnecting,
  );

  useMissingInformationRedirect(flowPath(slug, "step1"), status.state === "notFound");

  useLoadingOutcome({
    outcome,
    successToast: t("successToast"),
    resultsPath: flowPath(slug, "results", generationId),
    onComplete() {
      // Only the draft that started this generation is spent; an old loading link must not
      // wipe a draft composed since.
      if (readStoredJson(browserStorage(), flow.storageKeys.lastGenerationId) === generationId) resetDraft(flow);
    },
  });

  if (generation?.status === "failed") {
    const retryPath = photo !== null && isDraftComplete(draft, true) ? flowPath(slug, "step2") : flowPath(slug, "step1");
    return (
      <LoadingFailureCard
        failedKey={flow.tool.failureMessages.failed}
        generation={generation}
        creditsCost={creditsCost}
        retryPath={retryPath}
        startOverPath={flowPath(slug, "step1")}
      />
    );
  }

  return (
    <LoadingProgressCard
      messageKey={flow.messageKey}
      loadingMessageKeys={flow.tool.loadingMessageKeys}
      progress={progress}
      messageIndex={rotatingMessageIndex(elapsedMs, flow.tool.loadingMessageKeys.length)}
      complete={generation?.status === "complete"}
      reconnecting={status.reconnecting}
    />
  );
}
