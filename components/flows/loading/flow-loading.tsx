"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
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

/** Spec §9: the results open 1.5 s after success, once the full bar and the toast were seen. */
const resultsDelayMs = 1500;

/**
 * The loading step: follows the server's job (it keeps running if this page is left, decision
 * 10), shows the generic progress rule of spec §4, and on success resets the draft, says so
 * and opens the results; on failure it shows the reason, the refund and a way to retry.
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
  const router = useRouter();
  const status = useGenerationStatus(generationId);
  const generation = status.state === "ready" ? status.generation : null;
  const outcome = generation?.status === "complete" || generation?.status === "failed" ? generation.status : null;
  const elapsedMs = useElapsedTime(createdAt, progressTickMs, outcome === null);
  const { draft, photo } = useFlowDraft(flow);
  const announced = useRef(false);

  useMissingInformationRedirect(slug, status.state === "notFound");

  // Once per visit: the toast and the draft reset on success, the header's balance on failure.
  useEffect(() => {
    if (outcome === null || announced.current) return;
    announced.current = true;
    if (outcome === "complete") {
      // Only the draft that started this generation is spent; an old loading link must not
      // wipe a draft composed since.
      const startedHere = readStoredJson(browserStorage(), flow.storageKeys.lastGenerationId) === generationId;
      if (startedHere) resetDraft(flow);
      toast.success(t("successToast"));
    } else {
      // The refund changed the balance in the header.
      router.refresh();
    }
  }, [flow, generationId, outcome, router, t]);

  useEffect(() => {
    if (outcome !== "complete") return;
    const timer = setTimeout(() => router.replace(flowPath(slug, "results", generationId)), resultsDelayMs);
    return () => clearTimeout(timer);
  }, [generationId, outcome, router, slug]);

  if (generation?.status === "failed") {
    const retryPath = photo !== null && isDraftComplete(draft, true) ? flowPath(slug, "step2") : flowPath(slug, "step1");
    return <LoadingFailureCard flow={flow} generation={generation} creditsCost={creditsCost} retryPath={retryPath} />;
  }

  const progress = shownProgress({
    status: generation?.status ?? "pending",
    serverProgress: generation?.progress ?? 0,
    elapsedMs,
    expectedDurationMs: flow.tool.expectedDurationMs,
  });
  return (
    <LoadingProgressCard
      flow={flow}
      progress={progress}
      messageIndex={rotatingMessageIndex(elapsedMs, flow.tool.loadingMessageKeys.length)}
      complete={generation?.status === "complete"}
    />
  );
}
