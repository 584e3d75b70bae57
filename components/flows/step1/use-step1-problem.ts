"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { Step1Problem } from "@/lib/flows/flow-drafts";
import type { FlowTool } from "@/lib/flows/flow-tools";

/** The section of step 1 each problem points at, so the page can scroll the user there. */
export const step1SectionIds: Record<Step1Problem, string> = {
  image: "flow-upload",
  prompt: "flow-prompt",
  gender: "flow-gender",
  style: "flow-style",
  customPrompt: "flow-style",
};

/** Shows spec §5's message for what step 1 still needs and brings that section into view. */
export function useStep1Problem(flow: FlowTool) {
  const t = useTranslations("flows");

  const problemTexts = useCallback(
    (problem: Step1Problem): { title: string; description: string } => {
      if (problem === "image") return { title: t("common.imageRequired.title"), description: t("common.imageRequired.description") };
      if (problem === "gender") return { title: t("look.genderRequired.title"), description: t("look.genderRequired.description") };
      if (flow.kind === "product") {
        return { title: t("aiProduct.promptRequired.title"), description: t("aiProduct.promptRequired.description") };
      }
      const key = problem === "customPrompt" ? "customRequired" : "styleRequired";
      return { title: t(`${flow.messageKey}.${key}.title`), description: t(`${flow.messageKey}.${key}.description`) };
    },
    [flow, t],
  );

  return useCallback(
    (problem: Step1Problem) => {
      const { title, description } = problemTexts(problem);
      toast.error(title, { description });
      const section = document.getElementById(step1SectionIds[problem]);
      section?.scrollIntoView({ behavior: "smooth", block: "center" });
    },
    [problemTexts],
  );
}
