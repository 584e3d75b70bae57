import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { readFreeTrialEligibility as readEligibility } from "@/lib/generation/free-trial";
import type { HeadshotPage } from "./headshot-paths";

/** "Headshot Pro · Step 2 of 4" and the like, for the tab title of each wizard page. */
export async function headshotPageMetadata(page: HeadshotPage): Promise<Metadata> {
  const t = await getTranslations();
  const step = (current: number, total: number) => t("flows.common.stepOf", { current, total });
  const titles: Record<HeadshotPage, () => string> = {
    step1: () => step(1, 4),
    step2: () => step(2, 4),
    step3: () => step(3, 4),
    step4: () => step(4, 4),
    payment: () => t("flows.headshotPro.package.title"),
    packs: () => t("flows.headshotPro.packs.title"),
    loading: () => t("generation.loading.headshotPro.title"),
    results: () => t("flows.headshotPro.results.title"),
  };
  return { title: `${t("tools.headshotPro.name")} · ${titles[page]()}` };
}

/** Spec §4 Free trial, once per account (decision 17); the server checks it again on spending. */
export function readFreeTrialEligibility(userId: string): Promise<boolean> {
  return readEligibility(getDb(), userId);
}
