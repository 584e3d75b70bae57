import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { flowToolOrNotFound, type FlowPageParams } from "./flow-page";

/** "Hair Changer · Step 1 of 2" and the like, for the tab title of each flow page. */
export async function flowPageMetadata(params: FlowPageParams, step: "step1" | "step2" | "loading" | "results"): Promise<Metadata> {
  const flow = flowToolOrNotFound((await params).tool);
  const t = await getTranslations();
  const tool = t(`tools.${flow.messageKey}.name`);
  const titles = {
    step1: () => t("flows.common.stepOf", { current: 1, total: 2 }),
    step2: () => t("flows.common.stepOf", { current: 2, total: 2 }),
    loading: () => t(`generation.loading.${flow.messageKey}.title`),
    results: () => t(`flows.${flow.messageKey}.results.title`),
  };
  return { title: `${tool} · ${titles[step]()}` };
}
