"use client";

import { useTranslations } from "next-intl";
import { Mars } from "@/components/icons/mars";
import { Venus } from "@/components/icons/venus";
import { RadioGroup, RadioGroupCard } from "@/components/ui/radio-group";
import { genders, type Gender } from "@/lib/generation/catalog";

const genderIcons = { male: Mars, female: Venus } as const;

function isGender(value: string): value is Gender {
  return genders.some((gender) => gender === value);
}

/** Male or female (spec §2); the parent clears the chosen look when this changes. */
export function GenderChoice({ value, onChange }: { value: Gender | null; onChange(value: Gender): void }) {
  const t = useTranslations("catalog.genders");
  return (
    <RadioGroup
      value={value ?? ""}
      onValueChange={(next) => {
        if (isGender(next)) onChange(next);
      }}
      aria-labelledby="flow-gender-title"
      className="grid grid-cols-2 gap-3"
    >
      {genders.map((gender) => {
        const Icon = genderIcons[gender];
        return (
          <RadioGroupCard
            key={gender}
            value={gender}
            className="flex items-center justify-center gap-2 px-4 py-3 text-start font-medium"
            data-testid={`gender-${gender}`}
          >
            <Icon className="size-5 text-primary" aria-hidden="true" />
            {t(gender)}
          </RadioGroupCard>
        );
      })}
    </RadioGroup>
  );
}
