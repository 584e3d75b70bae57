"use client";

import { useState } from "react";
import Link from "next/link";
import { Crown } from "@/components/icons/crown";
import { Download } from "@/components/icons/download";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Sparkles } from "@/components/icons/sparkles";
import { WandSparkles } from "@/components/icons/wand-sparkles";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { editCreditCost } from "@/lib/generation/edit-cost";
import { editPromptState } from "@/lib/results/edit-prompt";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { EditPromptField } from "./edit-prompt-field";
import { ResultImage } from "./result-image";
import { useEditJob } from "./use-edit-job";
import { useReturnFocus } from "./use-return-focus";

const loadingSteps = ["step1", "step2", "step3", "step4"] as const;

/** Which of the edit job's four messages fits the server's progress. */
function loadingStepFor(progress: number) {
  return loadingSteps[Math.min(loadingSteps.length - 1, Math.floor(progress / 25))] ?? "step1";
}

function Thumbnail({ image, alt, large = false }: { image: ResultImageView; alt: string; large?: boolean }) {
  return (
    <div
      className={
        large
          ? "relative mx-auto aspect-[3/4] w-full max-w-xs overflow-hidden rounded-lg border bg-muted"
          : "relative aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-lg border bg-muted sm:w-28"
      }
    >
      <ResultImage src={image.url} alt={alt} sizes={large ? "320px" : "112px"} />
    </div>
  );
}

/**
 * The edit dialog of spec §2/§4: the image, a prompt with its word limit, Cancel and 'Apply
 * Edit (2 credits)'; then the server's progress; then the edited image with Download and Remix,
 * which starts over with the edited image as the new source. Rendered all the time by its
 * page so a job started here is followed to the end even after the dialog is closed.
 */
export function EditDialog({
  source,
  credits,
  onClose,
  onRemix,
  onDownload,
  onEdited,
  editingIncluded = true,
}: {
  /** The image to edit; null keeps the dialog closed. */
  source: ResultImageView | null;
  credits: number;
  /** False when the user's plan has no remix and edit. */
  editingIncluded?: boolean;
  onClose(): void;
  onRemix(result: ResultImageView): void;
  onDownload(image: ResultImageView): void;
  onEdited?: (result: ResultImageView) => void;
}) {
  const t = useTranslations("editDialog");
  const tErrors = useTranslations("errors");
  const tLoading = useTranslations("generation.loading.edit");
  const returnFocus = useReturnFocus();
  const { view, start, release } = useEditJob({ source, onEdited });
  // The prompt belongs to the image being edited; another image (a remix) starts empty.
  const [draft, setDraft] = useState<{ imageId: string | null; text: string }>({ imageId: null, text: "" });
  const prompt = source && draft.imageId === source.id ? draft.text : "";

  const busy = view.phase === "submitting" || view.phase === "running";
  const state = editPromptState({
    prompt,
    limit: source?.editWordLimit ?? 10,
    credits,
    processing: busy,
  });

  function close() {
    release();
    onClose();
  }

  function remix(result: ResultImageView) {
    if (credits < editCreditCost) {
      toast.error(tErrors("insufficientCredits", { required: editCreditCost, available: credits }));
      return;
    }
    release();
    onRemix(result);
  }

  const isRemix = (source?.editDepth ?? 0) > 0;
  const upgrade = view.phase === "upgrade" || (!editingIncluded && view.phase === "idle");
  return (
    <Dialog
      open={source !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent
        data-testid="edit-dialog"
        data-phase={view.phase}
        closeLabel={t("close")}
        className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
        {...returnFocus}
      >
        <DialogHeader className="text-start">
          <DialogTitle>
            {upgrade ? t("upgrade.title") : view.phase === "done" ? t("resultTitle") : isRemix ? t("remixTitle") : t("title")}
          </DialogTitle>
          <DialogDescription>
            {upgrade
              ? t("upgrade.text", { cost: editCreditCost })
              : view.phase === "done"
                ? t("resultDescription")
                : t("description", { cost: editCreditCost })}
          </DialogDescription>
        </DialogHeader>

        {source && view.phase === "done" ? (
          <div className="space-y-4" data-testid="edit-result">
            <Thumbnail image={view.result} alt={t("resultAlt")} large />
            <DialogFooter className="sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                {t("done")}
              </Button>
              <Button variant="outline" onClick={() => onDownload(view.result)} data-testid="edit-result-download">
                <Download aria-hidden="true" />
                {t("download")}
              </Button>
              <Button variant="brand" onClick={() => remix(view.result)} data-testid="edit-remix">
                <Sparkles aria-hidden="true" />
                {t("remix", { cost: editCreditCost })}
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {source && view.phase === "running" ? (
          <div className="space-y-4" data-testid="edit-progress">
            <div className="flex items-center gap-4">
              <Thumbnail image={source} alt={t("original")} />
              <div className="min-w-0 flex-1 space-y-2">
                <p className="flex items-center gap-2 font-medium">
                  <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
                  {tLoading(loadingStepFor(view.progress))}
                </p>
                <Progress value={view.progress} aria-label={t("progressLabel")} />
                <p className="text-sm text-muted-foreground tabular-nums">{t("percent", { progress: view.progress })}</p>
              </div>
            </div>
            <p className="text-sm text-muted-foreground">{t("keepWorking")}</p>
            <DialogFooter className="sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                {t("close")}
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {source && upgrade ? (
          <div className="space-y-4" data-testid="edit-upgrade">
            <div className="flex items-center gap-4">
              <Thumbnail image={source} alt={t("original")} />
              <p className="flex items-start gap-2 text-sm font-medium">
                <Crown className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true" />
                {tErrors("editNotInPlan")}
              </p>
            </div>
            <DialogFooter className="sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close}>
                {t("cancel")}
              </Button>
              <Button asChild variant="brand">
                <Link href="/subscription" data-testid="edit-upgrade-link">
                  <Crown aria-hidden="true" />
                  {t("upgrade.action")}
                </Link>
              </Button>
            </DialogFooter>
          </div>
        ) : null}

        {source && !upgrade && (view.phase === "idle" || view.phase === "submitting" || view.phase === "failed") ? (
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (state.canApply) void start(source, prompt.trim());
            }}
          >
            <div className="flex items-start gap-4">
              <Thumbnail image={source} alt={t("original")} />
              <div className="min-w-0 flex-1">
                <EditPromptField
                  value={prompt}
                  onChange={(text) => setDraft({ imageId: source.id, text })}
                  state={state}
                  credits={credits}
                  disabled={busy}
                  failure={view.phase === "failed" ? view.message : undefined}
                />
              </div>
            </div>
            <DialogFooter className="sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close}>
                {t("cancel")}
              </Button>
              <Button type="submit" variant="brand" disabled={!state.canApply} data-testid="edit-apply">
                {view.phase === "submitting" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <WandSparkles aria-hidden="true" />}
                {view.phase === "submitting" ? t("starting") : t("apply", { cost: editCreditCost })}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
