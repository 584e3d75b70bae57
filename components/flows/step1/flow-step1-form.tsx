"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ArrowRight } from "@/components/icons/arrow-right";
import { ImageUpload } from "@/components/upload/image-upload";
import { PhotoCheckNotice } from "@/components/upload/photo-check-notice";
import { useBlockingPhotoToast } from "@/components/upload/use-blocking-photo-toast";
import { usePhotoCheck, type PhotoCheckState } from "@/components/upload/use-photo-check";
import { isPhotoCheckedTool, productCheckedTool, type CheckedTool } from "@/lib/generation/photo-check/judge-photo";
import type { DraftPhoto } from "../draft/flow-draft-store";
import { Button } from "@/components/ui/button";
import type { Gender } from "@/lib/generation/catalog";
import { findStep1Problem } from "@/lib/flows/flow-drafts";
import { flowPath, flowTools, type FlowSlug } from "@/lib/flows/flow-tools";
import { useFlowDraft } from "../draft/flow-draft-store";
import { FlowSection } from "../flow-section";
import { LookOptions } from "./look-options";
import { ProductCutoutNotice } from "./product-cutout-notice";
import { ProductOptions } from "./product-options";
import { step1SectionIds, useStep1Problem } from "./use-step1-problem";

/** The check the photo gets at step 1: a usable person, or a product (not a portrait; on the local engine, one it can cut out). */
function checkedToolOf(tool: string): CheckedTool | null {
  return isPhotoCheckedTool(tool) || tool === productCheckedTool ? tool : null;
}

/** With the framed print chosen, a cut-out that cannot be trusted no longer stops the step; anything else still does. */
function withoutCutoutDoubt(state: PhotoCheckState): PhotoCheckState {
  return state.status === "done" ? { ...state, problems: state.problems.filter((problem) => problem.code !== "productNotClear") } : state;
}

/**
 * Step 1 of every two-step tool: the photo (checked for a usable person by Hair Changer and
 * Body Shaper, for a product by AI Product), then the tool's own options (a prompt and a dimension, or a gender and a look),
 * then Continue, which names the first missing piece (spec §5) or a photo that cannot work, or
 * moves on to the review.
 */
export function FlowStep1Form({
  slug,
  localEngine,
  looksNeedingAiEngine,
}: {
  slug: FlowSlug;
  localEngine: boolean;
  /** On the local engine, the look tiles of each gender it cannot make. */
  looksNeedingAiEngine: Record<Gender, string[]> | null;
}) {
  const flow = flowTools[slug];
  const t = useTranslations("flows");
  const router = useRouter();
  const { restored, draft, photo, updateDraft, updatePhoto } = useFlowDraft(flow);
  const showProblem = useStep1Problem(flow);
  const photoCheck = usePhotoCheck(checkedToolOf(flow.tool.id), photo?.dataUrl ?? null);
  const stopForPhoto = useBlockingPhotoToast();
  // The framed print shows the photo whole: a cut-out that cannot be trusted no longer stops the step.
  const framed = draft.kind === "product" && draft.presentation === "framed";

  function onContinue() {
    const problem = findStep1Problem(draft, photo !== null);
    if (problem) showProblem(problem);
    else if (!stopForPhoto(framed ? withoutCutoutDoubt(photoCheck) : photoCheck, step1SectionIds.image)) router.push(flowPath(slug, "step2"));
  }

  /** A new photo is judged afresh: the framed print chosen for the last one does not carry over. */
  function onPhotoChange(next: DraftPhoto | null) {
    updatePhoto(next);
    if (framed && draft.kind === "product") updateDraft({ ...draft, presentation: "cutout" });
  }

  function chooseAnotherPhoto() {
    onPhotoChange(null);
    const section = document.getElementById(step1SectionIds.image);
    section?.scrollIntoView({ behavior: "smooth", block: "center" });
    // The drop zone replaces the preview on the next render.
    requestAnimationFrame(() => section?.querySelector("button")?.focus());
  }

  return (
    <div className="space-y-6" data-testid="flow-step1">
      <FlowSection id={step1SectionIds.image} title={t(`${flow.messageKey}.uploadHeading`)}>
        <ImageUpload tool={flow.tool.id} value={photo} onChange={onPhotoChange} />
        {draft.kind === "product" ? (
          <ProductCutoutNotice
            state={photoCheck}
            localEngine={localEngine}
            presentation={draft.presentation}
            onPresentationChange={(presentation) => updateDraft({ ...draft, presentation })}
            onChoosePhoto={chooseAnotherPhoto}
          />
        ) : (
          <PhotoCheckNotice state={photoCheck} />
        )}
      </FlowSection>
      {draft.kind === "product" ? <ProductOptions draft={draft} onChange={updateDraft} /> : null}
      {draft.kind === "look" && flow.kind === "look" ? <LookOptions flow={flow} draft={draft} onChange={updateDraft} localEngine={localEngine} looksNeedingAiEngine={looksNeedingAiEngine} /> : null}
      <div className="flex justify-end">
        <Button
          type="button"
          variant="brand"
          size="lg"
          className="w-full sm:w-auto"
          onClick={onContinue}
          disabled={!restored}
          data-testid="flow-continue"
        >
          {t("common.continue")}
          <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
