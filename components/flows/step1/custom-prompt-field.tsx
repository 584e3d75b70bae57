"use client";

import { useTranslations } from "next-intl";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { customPromptWordLimit } from "@/lib/generation/catalog";
import { countWords } from "@/lib/generation/words";
import { nextWordLimitedValue } from "@/lib/flows/word-limited-input";
import type { LookFlowTool } from "@/lib/flows/flow-tools";

/** The Custom Prompt of Hair Changer and Body Shaper: at most 10 words, typing beyond is ignored. */
export function CustomPromptField({
  flow,
  value,
  onChange,
  onBackToStyles,
}: {
  flow: LookFlowTool;
  value: string;
  onChange(value: string): void;
  onBackToStyles(): void;
}) {
  const t = useTranslations("flows");
  const count = countWords(value);

  return (
    <div className="space-y-3" data-testid="custom-prompt">
      <label htmlFor="flow-custom-prompt" className="text-sm font-medium">
        {t(`${flow.messageKey}.customLabel`)}
      </label>
      <Textarea
        id="flow-custom-prompt"
        value={value}
        rows={3}
        autoFocus
        placeholder={t(`${flow.messageKey}.customPlaceholder`)}
        aria-describedby="flow-custom-prompt-count"
        onChange={(event) => onChange(nextWordLimitedValue(value, event.target.value, customPromptWordLimit))}
        data-testid="custom-prompt-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onBackToStyles} data-testid="back-to-styles">
          <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
          {t("look.backToStyles")}
        </Button>
        <p
          id="flow-custom-prompt-count"
          aria-live="polite"
          className={count >= customPromptWordLimit ? "text-sm font-medium text-primary" : "text-sm text-muted-foreground"}
          data-testid="custom-prompt-count"
        >
          {t("look.wordCount", { count, limit: customPromptWordLimit })}
        </p>
      </div>
    </div>
  );
}
