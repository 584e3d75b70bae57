"use client";

import Image from "next/image";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowRight } from "@/components/icons/arrow-right";
import { useCategoryLabel } from "@/components/generation/category-badge";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/use-hydrated";
import { forgetDraftResume, readDraftResume, type DraftResume } from "@/lib/flows/draft-resume";
import { browserStorage } from "@/lib/flows/draft-storage";
import { findTool } from "@/lib/generation/tool-catalog";
import { useDraftPhoto } from "./draft-photo-store";

/**
 * On the plans page after Generate found too few credits (issue 19): the draft is still there,
 * and one click leads back to the very step the user left, in this tab or the checkout's.
 * Shown only while the draft's photo is kept; nothing otherwise.
 */
export function ResumeDraftBanner() {
  const hydrated = useHydrated();
  const resume = hydrated ? readDraftResume(browserStorage()) : null;
  return resume ? <ResumeDraftCard resume={resume} /> : null;
}

function ResumeDraftCard({ resume }: { resume: DraftResume }) {
  const t = useTranslations("flows.common.resumeDraft");
  const categoryLabel = useCategoryLabel();
  const photo = useDraftPhoto(resume.tool);
  const tool = categoryLabel(findTool(resume.tool)?.category ?? "");
  if (photo.dataUrl === null) return null;

  return (
    <section
      aria-labelledby="resume-draft-title"
      data-testid="resume-draft"
      className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-4">
        <span className="relative size-14 shrink-0 overflow-hidden rounded-lg border bg-muted">
          <Image src={photo.dataUrl} alt={t("photoAlt")} fill unoptimized sizes="3.5rem" className="object-cover" />
        </span>
        <div className="space-y-0.5">
          <h2 id="resume-draft-title" className="font-semibold">
            {t("title", { tool })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("text")}</p>
        </div>
      </div>
      <Button asChild variant="brand" className="w-full sm:w-auto">
        <Link href={resume.path} onClick={() => forgetDraftResume(browserStorage())} data-testid="resume-draft-continue">
          {t("action", { tool })}
          <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
