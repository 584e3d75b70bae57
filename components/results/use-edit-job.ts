"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useActionMessage } from "@/components/auth/use-action-message";
import { useFailureReason } from "@/components/generation/use-failure-reason";
import { useGenerationStatus } from "@/components/generation/use-generation-status";
import { createEditAction } from "@/lib/actions/create-edit";
import { editedImageDownloadFileName } from "@/lib/downloads/download-file-names";
import { editCreditCost } from "@/lib/generation/edit-cost";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { isLastingFailure } from "@/lib/generation/lasting-failures";
import { editTextsFor } from "@/lib/results/edit-texts";
import type { ResultImageView } from "@/lib/results/result-image-view";

/**
 * One edit or remix as the dialog runs it (spec §4 Edit dialog): the server action takes the
 * credits and queues the job, then the job is followed through GET /api/generations/{id} until
 * it is complete (the edited image) or failed (credits refunded). The job keeps being followed
 * when the dialog is closed, so the toast and the refreshed page still arrive.
 *
 * A failure or refusal is said once, where the user is looking: in the dialog while it shows
 * that image, else in a toast. It says why and what would work; "please try again" only where a
 * second try can succeed (lasting-failures.ts).
 */
export type EditJobView =
  | { phase: "idle" }
  | { phase: "submitting" }
  | { phase: "running"; progress: number }
  | { phase: "done"; result: ResultImageView }
  | { phase: "failed"; message: string }
  /** The server refused because the plan has no editing (decision 18): the dialog offers the upgrade. */
  | { phase: "upgrade" };

interface TrackedJob {
  source: ResultImageView;
  /** Null while the action is on its way. */
  editId: string | null;
  /** Why the action refused, e.g. 'Insufficient Credits: ...'. */
  refusal?: string;
  upgradeRequired?: boolean;
}

function editedImageOf(source: ResultImageView, generation: GenerationStatusView): ResultImageView | null {
  const image = generation.images[0];
  if (!image) return null;
  return {
    ...source,
    id: image.id,
    url: image.url,
    fileName: editedImageDownloadFileName({ tool: source.tool, category: source.category }, image.id, image.contentType),
    width: image.width,
    height: image.height,
    generationId: generation.id,
    editDepth: source.editDepth + 1,
  };
}

export function useEditJob({ source, onEdited }: { source: ResultImageView | null; onEdited?: (result: ResultImageView) => void }) {
  const t = useTranslations("editDialog");
  const actionMessage = useActionMessage();
  const router = useRouter();
  const [job, setJob] = useState<TrackedJob | null>(null);
  const status = useGenerationStatus(job?.editId ?? null);
  const announced = useRef<string | null>(null);
  // The image the dialog is open on: what it shows is not toasted as well.
  const shownImageId = useRef<string | null>(null);
  useEffect(() => {
    shownImageId.current = source?.id ?? null;
  }, [source]);

  const generation = status.state === "ready" ? status.generation : undefined;
  const result = job && generation?.status === "complete" ? editedImageOf(job.source, generation) : null;
  const jobFailed =
    status.state === "notFound" || generation?.status === "failed" || (generation?.status === "complete" && !result);
  const errorKey = generation?.errorKey ?? null;
  const storedReason = useFailureReason(errorKey);

  const failureText = useCallback((tool: ResultImageView["tool"]) => t(`failed.${editTextsFor(tool)}`), [t]);

  /** Why the job failed: its own reason when another try would fail the same way, the service's words, the refund. */
  const jobFailureText = useCallback(
    (tool: ResultImageView["tool"]) => {
      const reason = isLastingFailure(errorKey) && storedReason ? storedReason : failureText(tool);
      const refund = generation?.creditsRefunded ? t("refunded", { cost: editCreditCost }) : undefined;
      return [reason, generation?.errorDetail, refund].filter(Boolean).join(" ");
    },
    [errorKey, storedReason, failureText, generation?.creditsRefunded, generation?.errorDetail, t],
  );

  /** A failure of the edit of `image`, toasted only when the dialog is not showing it. */
  const announceFailure = useCallback(
    (image: ResultImageView, message: string) => {
      if (shownImageId.current !== image.id) toast.error(t("failedTitle"), { description: message });
    },
    [t],
  );

  // Announce the end of the job once: the new image to the page, the balance refreshed.
  useEffect(() => {
    const editId = job?.editId;
    if (!job || !editId || announced.current === editId || (!result && !jobFailed)) return;
    announced.current = editId;
    if (result) {
      if (editTextsFor(job.source.tool) === "image") toast.success(t("success"));
      else toast.success(t("resultTitle"), { description: t("success") });
      onEdited?.(result);
    } else {
      announceFailure(job.source, jobFailureText(job.source.tool));
    }
    router.refresh();
  }, [job, result, jobFailed, onEdited, router, t, announceFailure, jobFailureText]);

  const start = useCallback(
    async (image: ResultImageView, prompt: string) => {
      setJob({ source: image, editId: null });
      const answer = await createEditAction({ imageId: image.id, prompt }).catch(() => undefined);
      if (answer?.ok) {
        setJob({ source: image, editId: answer.data.id });
        // The credits were taken when the server accepted the edit: show the new balance.
        router.refresh();
        return;
      }
      if (answer && !answer.ok && answer.error === "errors.editNotInPlan") {
        setJob({ source: image, editId: null, upgradeRequired: true });
        return;
      }
      // A refusal says why in the server's words; only a request that never got an answer is worth trying again.
      const reason = answer ? actionMessage(answer) : failureText(image.tool);
      setJob({ source: image, editId: null, refusal: reason });
      announceFailure(image, reason);
    },
    [router, actionMessage, failureText, announceFailure],
  );

  /** Forgets a finished job; one still running keeps being followed. */
  const release = useCallback(() => {
    setJob((current) => (current?.editId && !result && !jobFailed ? current : null));
  }, [result, jobFailed]);

  let view: EditJobView = { phase: "idle" };
  if (job && source && job.source.id === source.id) {
    if (job.upgradeRequired) view = { phase: "upgrade" };
    else if (job.refusal) view = { phase: "failed", message: job.refusal };
    else if (!job.editId) view = { phase: "submitting" };
    else if (result) view = { phase: "done", result };
    else if (jobFailed) view = { phase: "failed", message: jobFailureText(job.source.tool) };
    else view = { phase: "running", progress: generation?.progress ?? 0 };
  }

  return { view, start, release };
}
