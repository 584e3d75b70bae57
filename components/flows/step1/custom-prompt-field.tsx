"use client";

import { useTranslations } from "next-intl";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { customLookId, customPromptWordLimit, type Gender } from "@/lib/generation/catalog";
import { localLookSupported } from "@/lib/generation/engines/local/local-capabilities";
import { countWords } from "@/lib/generation/words";
import { nextWordLimitedValue } from "@/lib/flows/word-limited-input";
import { lookToolOf, type LookFlowTool } from "@/lib/flows/flow-tools";

/**
 * The Custom Prompt of Hair Changer and Body Shaper: at most 10 words, typing beyond is ignored.
 * On the local engine it says what the engine can do with words and whether it understood them.
 */
export function CustomPromptField({
  flow,
  gender,
  localEngine,
  value,
  onChange,
  onBackToStyles,
}: {
  flow: LookFlowTool;
  gender: Gender;
  localEngine: boolean;
  value: string;
  onChange(value: string): void;
  onBackToStyles(): void;
}) {
  const t = useTranslations("flows");
  const count = countWords(value);
  const understood = localLookSupported(lookToolOf(flow), { gender, style: customLookId, customPrompt: value });

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
      {localEngine ? (
        <div className="space-y-1 text-sm" data-testid="custom-prompt-local">
          <p className="text-muted-foreground">{t(flow.tool.id === "hair_changer" ? "look.localHairHint" : "look.localBodyHint")}</p>
          {value.trim() === "" ? null : (
            <p
              aria-live="polite"
              className={understood ? "font-medium text-emerald-700 dark:text-emerald-400" : "font-medium text-amber-700 dark:text-amber-400"}
              data-testid={understood ? "custom-prompt-understood" : "custom-prompt-not-understood"}
            >
              {t(understood ? "look.localPromptOk" : "look.localPromptNotYet")}
            </p>
          )}
        </div>
      ) : null}
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
