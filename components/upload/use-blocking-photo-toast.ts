"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { blockingProblem, type PhotoCheckState } from "./use-photo-check";

/**
 * For the Continue and Generate buttons: when the photo check found a problem the tool cannot
 * work with, says so in a toast, brings the photo into view and returns true (the step stays).
 */
export function useBlockingPhotoToast() {
  const t = useTranslations("flows.photoCheck");
  return (state: PhotoCheckState, photoSectionId: string): boolean => {
    const problem = blockingProblem(state);
    if (!problem) return false;
    toast.error(t("blockingTitle"), { description: t(`problems.${problem.code}`) });
    document.getElementById(photoSectionId)?.scrollIntoView({ behavior: "smooth", block: "center" });
    return true;
  };
}
