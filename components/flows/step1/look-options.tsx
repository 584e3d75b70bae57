"use client";

import { lazy, Suspense, useEffect } from "react";
import { useMessages, useTranslations } from "next-intl";
import { PenLine } from "@/components/icons/pen-line";
import { RadioGroup } from "@/components/ui/radio-group";
import { customLookId, type Gender } from "@/lib/generation/catalog";
import type { LookDraft } from "@/lib/flows/flow-drafts";
import { messageFor } from "@/lib/flows/message-lookup";
import type { LookFlowTool } from "@/lib/flows/flow-tools";
import { cn } from "@/lib/utils";
import { FlowSection } from "../flow-section";
import { GenderChoice } from "./gender-choice";
import { LookTile } from "./look-tile";
import { step1SectionIds } from "./use-step1-problem";

/*
 * Few people write their own look, and its field carries the local engine's vocabularies, so
 * its code is not part of the page's first load (issue #16): it is fetched once the page is
 * interactive.
 */
const loadCustomPromptField = () => import("./custom-prompt-field");
const CustomPromptField = lazy(() => loadCustomPromptField().then((module) => ({ default: module.CustomPromptField })));

/**
 * Hair Changer's and Body Shaper's step 1 options: the gender, then the looks of that gender
 * or a custom prompt. Changing the gender clears the look (spec §2).
 */
export function LookOptions({
  flow,
  draft,
  onChange,
  localEngine,
  looksNeedingAiEngine,
}: {
  flow: LookFlowTool;
  draft: LookDraft;
  onChange(draft: LookDraft): void;
  /** The tool runs on the local engine: looks it cannot make are marked and the custom prompt explained. */
  localEngine: boolean;
  /** On the local engine, the looks of each gender it cannot make. */
  looksNeedingAiEngine: Record<Gender, string[]> | null;
}) {
  const t = useTranslations("flows");
  useEffect(() => {
    void loadCustomPromptField();
  }, []);

  const chooseGender = (gender: Gender) => {
    if (gender !== draft.gender) onChange({ ...draft, gender, style: null });
  };

  return (
    <>
      <FlowSection id={step1SectionIds.gender} title={t("look.genderHeading")}>
        <GenderChoice value={draft.gender} onChange={chooseGender} />
      </FlowSection>
      <FlowSection id={step1SectionIds.style} title={t(`${flow.messageKey}.chooseHeading`)}>
        {draft.gender === null ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground" data-testid="choose-gender-first">
            {t(`${flow.messageKey}.chooseGenderFirst`)}
          </p>
        ) : draft.style === customLookId ? (
          <Suspense fallback={null}>
            <CustomPromptField
              flow={flow}
              gender={draft.gender}
              localEngine={localEngine}
              value={draft.customPrompt}
              onChange={(customPrompt) => onChange({ ...draft, customPrompt })}
              onBackToStyles={() => onChange({ ...draft, style: null })}
            />
          </Suspense>
        ) : (
          <LookGrid flow={flow} gender={draft.gender} draft={draft} onChange={onChange} needingAiEngine={looksNeedingAiEngine?.[draft.gender] ?? []} />
        )}
      </FlowSection>
    </>
  );
}

function LookGrid({
  flow,
  gender,
  draft,
  onChange,
  needingAiEngine,
}: {
  flow: LookFlowTool;
  gender: Gender;
  draft: LookDraft;
  onChange(draft: LookDraft): void;
  needingAiEngine: readonly string[];
}) {
  const t = useTranslations("flows.look");
  const names = useMessages().catalog[flow.catalogKey];
  const looks = flow.looks[gender];
  const needsAiEngine = (lookId: string) => needingAiEngine.includes(lookId);
  const gridClasses = "grid grid-cols-3 gap-2.5 sm:grid-cols-4 sm:gap-3 lg:grid-cols-5";

  return (
    <div className="space-y-3">
      <RadioGroup
        value={draft.style ?? ""}
        onValueChange={(style) => onChange({ ...draft, style })}
        aria-labelledby={`${step1SectionIds.style}-title`}
        className={gridClasses}
        data-testid="look-grid"
      >
        {looks.map((look) => (
          <LookTile key={look.id} look={look} gender={gender} name={messageFor(names, look.id, look.name)} needsAiEngine={needsAiEngine(look.id)} />
        ))}
      </RadioGroup>
      {looks.some((look) => needsAiEngine(look.id)) ? (
        <p className="text-xs text-muted-foreground" data-testid="look-ai-engine-note">
          {t("needsAiEngineNote")}
        </p>
      ) : null}
      {/* A button of its own, not a radio: choosing it swaps the grid for the text box. */}
      <button
        type="button"
        onClick={() => onChange({ ...draft, style: customLookId })}
        className={cn(
          "flex w-full items-center gap-3 rounded-xl border-2 border-dashed px-4 py-3 text-start transition-colors outline-none",
          "hover:border-primary/60 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50",
        )}
        data-testid="look-custom"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PenLine className="size-5" aria-hidden="true" />
        </span>
        <span>
          <span className="block font-medium">{t("customPrompt")}</span>
          <span className="block text-sm text-muted-foreground">{t("customPromptHint")}</span>
        </span>
      </button>
    </div>
  );
}
