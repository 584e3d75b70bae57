"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { FlowSection } from "@/components/flows/flow-section";
import { GenderChoice } from "@/components/flows/step1/gender-choice";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { ageRanges, type AgeRange } from "@/lib/generation/catalog";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { updateHeadshotDraft } from "./headshot-draft-store";
import { StepPlaceholder } from "./step-placeholder";
import { StepNavigation } from "./step-navigation";
import { useHeadshotStep } from "./use-headshot-step";

function isAgeRange(value: string): value is AgeRange {
  return ageRanges.some((range) => range === value);
}

/** Step 2 of 4: gender and age range; Continue stays disabled until both are chosen (spec §5). */
export function HeadshotStep2Form() {
  const t = useTranslations();
  const router = useRouter();
  const { draft, ready } = useHeadshotStep("step2");
  if (!ready) return <StepPlaceholder />;

  return (
    <div className="space-y-6" data-testid="headshot-step2">
      <FlowSection id="flow-gender" title={t("flows.headshotPro.genderHeading")}>
        <GenderChoice value={draft.gender} onChange={(gender) => updateHeadshotDraft({ gender })} />
      </FlowSection>
      <FlowSection id="headshot-age" title={t("flows.headshotPro.ageHeading")}>
        <RadioGroup
          value={draft.ageRange ?? ""}
          onValueChange={(value) => {
            if (isAgeRange(value)) updateHeadshotDraft({ ageRange: value });
          }}
          aria-labelledby="headshot-age-title"
          className="grid grid-cols-2 gap-3 sm:grid-cols-5"
        >
          {ageRanges.map((range) => (
            <RadioGroupCard key={range} value={range} className="px-3 py-3 text-center font-medium" data-testid={`age-${range}`}>
              {t(`catalog.ageRanges.${range}`)}
            </RadioGroupCard>
          ))}
        </RadioGroup>
      </FlowSection>
      <StepNavigation
        backHref={headshotPath("step1")}
        onContinue={() => router.push(headshotPath("step3"))}
        continueDisabled={draft.gender === null || draft.ageRange === null}
      />
    </div>
  );
}
