"use client";

import { useTranslations } from "next-intl";
import { Lightbulb } from "@/components/icons/lightbulb";
import { Textarea } from "@/components/ui/textarea";
import type { ProductDraft } from "@/lib/flows/flow-drafts";
import { FlowSection } from "../flow-section";
import { DimensionChoice } from "./dimension-choice";
import { step1SectionIds } from "./use-step1-problem";

const examplePromptKeys = ["marble", "beach", "studio", "botanical"] as const;
/** The server accepts up to 2,000 characters (lib/generation/tools.ts). */
const promptMaxLength = 2000;

/** AI Product's step 1 options: the prompt with clickable examples, and the output dimension. */
export function ProductOptions({ draft, onChange }: { draft: ProductDraft; onChange(draft: ProductDraft): void }) {
  const t = useTranslations("flows.aiProduct");

  return (
    <>
      <FlowSection id={step1SectionIds.prompt} title={t("promptLabel")}>
        <Textarea
          id="flow-prompt-input"
          aria-labelledby={`${step1SectionIds.prompt}-title`}
          value={draft.prompt}
          maxLength={promptMaxLength}
          rows={4}
          placeholder={t("promptPlaceholder")}
          onChange={(event) => onChange({ ...draft, prompt: event.target.value })}
          data-testid="flow-prompt"
        />
        <div className="space-y-2">
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <Lightbulb className="size-4 text-amber-500" aria-hidden="true" />
            {t("examplesHeading")}
            <span className="font-normal text-muted-foreground">· {t("examplesHint")}</span>
          </p>
          <ul className="flex flex-wrap gap-2">
            {examplePromptKeys.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => onChange({ ...draft, prompt: t(`examples.${key}`) })}
                  className="rounded-full border bg-background px-3 py-1.5 text-start text-sm transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  data-testid="flow-example-prompt"
                >
                  {t(`examples.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </FlowSection>
      <FlowSection id="flow-dimension" title={t("dimensionHeading")}>
        <DimensionChoice value={draft.dimension} onChange={(dimension) => onChange({ ...draft, dimension })} />
      </FlowSection>
    </>
  );
}
