"use client";

import { useTranslations } from "next-intl";
import { Check } from "@/components/icons/check";
import { RadioGroupCard } from "@/components/ui/radio-group";
import type { Gender, LookOption } from "@/lib/generation/catalog";
import { HairSwatchArt } from "./hair-swatch-art";

/**
 * One look of the grid: its picture (a small hair portrait, or the body shape's emoji) and name.
 * A look the active engine cannot make is marked "AI engine" and cannot be chosen (decision 21).
 */
export function LookTile({ look, gender, name, needsAiEngine = false }: { look: LookOption; gender: Gender; name: string; needsAiEngine?: boolean }) {
  const t = useTranslations("flows.look");
  return (
    <RadioGroupCard
      value={look.id}
      disabled={needsAiEngine}
      title={needsAiEngine ? t("needsAiEngineHint", { name }) : undefined}
      className="group flex flex-col overflow-hidden p-0 text-start"
      data-testid={`look-${look.id}`}
      data-needs-ai-engine={needsAiEngine ? "true" : undefined}
    >
      <span
        aria-hidden="true"
        className="relative flex aspect-square w-full items-center justify-center overflow-hidden bg-linear-to-br from-violet-50 to-sky-100 dark:from-violet-500/10 dark:to-sky-500/15"
      >
        {look.emoji ? <span className="text-4xl sm:text-5xl">{look.emoji}</span> : <HairSwatchArt id={look.id} gender={gender} />}
        <span className="absolute end-1.5 top-1.5 hidden size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow group-data-[state=checked]:flex">
          <Check className="size-4" />
        </span>
        {needsAiEngine ? (
          <span className="absolute inset-x-1 bottom-1 rounded-full bg-background/90 px-1.5 py-0.5 text-center text-[0.65rem] font-semibold text-muted-foreground shadow-sm">
            {t("needsAiEngine")}
          </span>
        ) : null}
      </span>
      <span className="flex min-h-11 items-center justify-center border-t px-1.5 py-2 text-center text-xs leading-tight font-medium sm:text-sm">
        {name}
      </span>
    </RadioGroupCard>
  );
}
