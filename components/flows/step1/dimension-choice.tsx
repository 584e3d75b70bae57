"use client";

import { useTranslations } from "next-intl";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { dimensionRatios, outputDimensions, type OutputDimension } from "@/lib/generation/catalog";
import { cn } from "@/lib/utils";

/** A small outline of each shape so the choice reads at a glance. */
const shapeClasses: Record<OutputDimension, string> = {
  auto: "h-7 w-9 border-dashed",
  square: "size-8",
  landscape: "h-6 w-10",
  portrait: "h-10 w-6",
};

function isOutputDimension(value: string): value is OutputDimension {
  return outputDimensions.some((dimension) => dimension === value);
}

/** The output dimension of AI Product, shown with its chosen ratio (16:9, 9:16; spec §9). */
export function DimensionChoice({ value, onChange }: { value: OutputDimension; onChange(value: OutputDimension): void }) {
  const t = useTranslations();

  return (
    <RadioGroup
      value={value}
      onValueChange={(next) => {
        if (isOutputDimension(next)) onChange(next);
      }}
      aria-labelledby="flow-dimension-title"
      className="grid grid-cols-2 gap-3 sm:grid-cols-4"
    >
      {outputDimensions.map((dimension) => {
        const ratio = dimensionRatios[dimension].choice;
        return (
          <RadioGroupCard key={dimension} value={dimension} className="flex flex-col items-center gap-2 p-4 text-center" data-testid={`dimension-${dimension}`}>
            <span className="flex h-11 items-center justify-center" aria-hidden="true">
              <span className={cn("rounded-sm border-2 border-current text-muted-foreground", shapeClasses[dimension])} />
            </span>
            <span className="text-sm font-medium">{t(`catalog.dimensions.${dimension}`)}</span>
            <span className="text-xs text-muted-foreground">
              {ratio ?? t("flows.aiProduct.dimensionAutoHint")}
            </span>
          </RadioGroupCard>
        );
      })}
    </RadioGroup>
  );
}
