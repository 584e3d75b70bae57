"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { ArrowRight } from "@/components/icons/arrow-right";
import { Button } from "@/components/ui/button";

/** Back and Continue under a wizard step; Continue may be disabled (spec §5 step requirements). */
export function StepNavigation({
  backHref,
  backLabel,
  onContinue,
  continueDisabled = false,
  continueLabel,
  continueIcon,
}: {
  backHref?: string;
  backLabel?: string;
  onContinue(): void;
  continueDisabled?: boolean;
  continueLabel?: string;
  continueIcon?: React.ReactNode;
}) {
  const t = useTranslations("flows.common");
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {backHref ? (
        <Button asChild variant="outline" size="lg">
          <Link href={backHref} data-testid="headshot-back">
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {backLabel ?? t("back")}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <Button type="button" variant="brand" size="lg" onClick={onContinue} disabled={continueDisabled} data-testid="headshot-continue">
        {continueIcon}
        {continueLabel ?? t("continue")}
        {continueIcon ? null : <ArrowRight className="rtl:rotate-180" aria-hidden="true" />}
      </Button>
    </div>
  );
}
