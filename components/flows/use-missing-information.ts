"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { flowPath, type FlowSlug } from "@/lib/flows/flow-tools";

/**
 * Spec §8 'Missing information - Please complete all steps before proceeding.', then back to
 * step 1, for a later step opened without what it needs. The toast has a fixed id so a repeated
 * effect (React's development double run) shows it once.
 */
export function useMissingInformationRedirect(slug: FlowSlug, missing: boolean) {
  const router = useRouter();
  const t = useTranslations("flows.common.missingInformation");

  useEffect(() => {
    if (!missing) return;
    toast.error(t("title"), { id: "flow-missing-information", description: t("description") });
    router.replace(flowPath(slug, "step1"));
  }, [missing, router, slug, t]);
}
