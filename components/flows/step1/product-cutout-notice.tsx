"use client";

import type { ReactNode } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { CircleAlert } from "@/components/icons/circle-alert";
import { Image as ImageIcon } from "@/components/icons/image";
import { Button } from "@/components/ui/button";
import { PhotoCheckGood, PhotoCheckNotice, PhotoCheckPending } from "@/components/upload/photo-check-notice";
import { blockingProblem, type PhotoCheckState } from "@/components/upload/use-photo-check";
import type { ProductPresentation } from "@/lib/generation/catalog";

/**
 * AI Product's photo check at step 1 (issues 36-37, decision 25). A portrait is pointed to
 * Headshot Pro; a product too small in its photo for a sharp shot asks for another photo (or, a
 * little small, only warns). On the local engine, whether the product can be cut out of this photo with
 * confidence: when it cannot, it says so before any credit is taken and offers the two ways on:
 * another photo, or the whole photo as a framed print in the scene, which only this choice makes
 * (never a silent fallback).
 */
export function ProductCutoutNotice({
  state,
  localEngine,
  presentation,
  onPresentationChange,
  onChoosePhoto,
}: {
  state: PhotoCheckState;
  localEngine: boolean;
  presentation: ProductPresentation;
  onPresentationChange(presentation: ProductPresentation): void;
  onChoosePhoto(): void;
}) {
  const t = useTranslations("flows");
  if (state.status === "idle" || state.status === "failed") return null;
  if (state.status === "checking") return <PhotoCheckPending />;
  const problem = blockingProblem(state);
  const choosePhoto = (
    <Button type="button" variant="outline" size="sm" onClick={onChoosePhoto} data-testid="product-choose-photo">
      {t("aiProduct.cutout.choosePhoto")}
    </Button>
  );
  // A product small in its photo only warns: the shot will be softer, and the user may go on.
  if (!problem && state.problems.length > 0) return <PhotoCheckNotice state={state} />;
  if (!problem) return <PhotoCheckGood text={localEngine ? t("aiProduct.cutout.good") : t("photoCheck.good")} />;
  if (problem.code === "productTooSmall") {
    return (
      <BlockingNotice title={t("photoCheck.blockingTitle")} problem={problem.code} text={t("photoCheck.problems.productTooSmall")}>
        {choosePhoto}
      </BlockingNotice>
    );
  }
  if (problem.code === "portraitNotProduct") {
    return (
      <BlockingNotice title={t("photoCheck.blockingTitle")} problem={problem.code} text={t("photoCheck.problems.portraitNotProduct")}>
        {choosePhoto}
        <Button asChild variant="outline" size="sm">
          <Link href="/headshot-pro" data-testid="product-go-headshots">
            {t("aiProduct.cutout.goToHeadshots")}
          </Link>
        </Button>
      </BlockingNotice>
    );
  }
  if (presentation === "framed") {
    return (
      <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm" data-testid="product-framed-chosen">
        <ImageIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="min-w-0 flex-1">{t("aiProduct.cutout.framedChosen")}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => onPresentationChange("cutout")} data-testid="product-undo-framed">
          {t("aiProduct.cutout.useCutout")}
        </Button>
      </div>
    );
  }
  return (
    <BlockingNotice title={t("aiProduct.cutout.unclearTitle")} problem={problem.code} text={t("photoCheck.problems.productNotClear")} help={t("aiProduct.cutout.unclearHelp")}>
      {choosePhoto}
      <Button type="button" variant="outline" size="sm" onClick={() => onPresentationChange("framed")} data-testid="product-use-framed">
        {t("aiProduct.cutout.useFramed")}
      </Button>
    </BlockingNotice>
  );
}

/** A photo AI Product cannot work from: what is wrong, what would help, and the ways on. */
function BlockingNotice({ title, problem, text, help, children }: { title: string; problem: string; text: string; help?: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-red-300"
      data-testid="photo-check-blocking"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-2">
        <p className="font-semibold">{title}</p>
        <p data-testid={`photo-problem-${problem}`}>{text}</p>
        {help ? <p>{help}</p> : null}
        <div className="flex flex-wrap gap-2 pt-1">{children}</div>
      </div>
    </div>
  );
}
