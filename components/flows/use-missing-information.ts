"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";

/**
 * Spec §8 'Missing information - Please complete all steps before proceeding.', then back to
 * the first step (`step1Path`), for a later step opened without what it needs. The toast has a fixed id so a repeated
 * effect (React's development double run) shows it once.
 */
export function useMissingInformationRedirect(step1Path: string, missing: boolean) {
  const router = useRouter();
  const t = useTranslations("flows.common.missingInformation");

  useEffect(() => {
    if (!missing) return;
    toast.error(t("title"), { id: "flow-missing-information", description: t("description") });
    router.replace(step1Path);
  }, [missing, router, step1Path, t]);
}
