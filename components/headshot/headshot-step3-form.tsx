"use client";

import Image from "next/image";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Check } from "@/components/icons/check";
import { toast } from "@/components/ui/toast";
import { FlowSection } from "@/components/flows/flow-section";
import { headshotStyles, maxHeadshotStyles } from "@/lib/generation/catalog";
import { toggleHeadshotStyle } from "@/lib/headshot/headshot-draft";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { headshotStyleSamplePath } from "@/lib/headshot/style-samples";
import { cn } from "@/lib/utils";
import { updateHeadshotDraft } from "./headshot-draft-store";
import { StepPlaceholder } from "./step-placeholder";
import { StepNavigation } from "./step-navigation";
import { useHeadshotStep } from "./use-headshot-step";
import { useHeadshotStyleName } from "./use-headshot-style-name";

/**
 * Step 3 of 4: the ten styles of the chosen gender, with that gender's samples. Ids 1-4 start
 * chosen; one to five may be (spec §5): a sixth is refused, and so is removing the last one.
 */
export function HeadshotStep3Form() {
  const t = useTranslations();
  const router = useRouter();
  const styleName = useHeadshotStyleName();
  const { draft, ready } = useHeadshotStep("step3");
  if (!ready || draft.gender === null) return <StepPlaceholder />;
  const gender = draft.gender;
  const full = draft.styleIds.length >= maxHeadshotStyles;

  function toggle(id: number) {
    const next = toggleHeadshotStyle(draft.styleIds, id);
    if (next) {
      updateHeadshotDraft({ styleIds: next });
    } else if (draft.styleIds.includes(id)) {
      toast.error(t("flows.headshotPro.stylesRequired.title"), {
        id: "headshot-styles",
        description: t("flows.headshotPro.stylesRequired.description"),
      });
    } else {
      toast.error(t("flows.headshotPro.styleLimit.title", { max: maxHeadshotStyles }), {
        id: "headshot-styles",
        description: t("flows.headshotPro.styleLimit.description"),
      });
    }
  }

  return (
    <div className="space-y-6" data-testid="headshot-step3">
      <FlowSection
        id="headshot-styles"
        title={t("flows.headshotPro.stylesHeading")}
        action={
          <p className="text-sm font-medium tabular-nums text-muted-foreground" aria-live="polite" data-testid="styles-count">
            {t("flows.headshotPro.stylesCount", { count: draft.styleIds.length, max: maxHeadshotStyles })}
          </p>
        }
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {headshotStyles.map((style) => {
            const selected = draft.styleIds.includes(style.id);
            const name = styleName(style);
            return (
              <li key={style.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => toggle(style.id)}
                  data-testid={`style-${style.id}`}
                  className={cn(
                    "group relative block w-full overflow-hidden rounded-xl border bg-card text-start transition-all outline-none",
                    "focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    selected ? "border-primary ring-2 ring-primary/60" : "hover:border-primary/50",
                    full && !selected && "opacity-60",
                  )}
                >
                  <span className="relative block aspect-[4/5] bg-muted">
                    <Image
                      src={headshotStyleSamplePath(gender, style.id)}
                      alt={t("flows.headshotPro.styleAlt", { style: name })}
                      fill
                      sizes="(min-width: 1024px) 10rem, (min-width: 640px) 30vw, 45vw"
                      className="object-cover"
                    />
                    {selected ? (
                      <span className="absolute end-2 top-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
                        <Check className="size-4" aria-hidden="true" />
                      </span>
                    ) : null}
                  </span>
                  <span className="block px-2 py-2 text-sm font-medium leading-tight">{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </FlowSection>
      <StepNavigation backHref={headshotPath("step2")} onContinue={() => router.push(headshotPath("step4"))} />
    </div>
  );
}
