"use client";

import { useTranslations } from "next-intl";
import { LoadingFailureCard } from "@/components/flows/loading/loading-failure-card";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { headshotPro } from "@/lib/generation/tools";
import { isReadyFor } from "@/lib/headshot/headshot-draft";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { useHeadshotDraft } from "./headshot-draft-store";


/** Spec §8: 'Generation failed - There was an error generating your headshots...' with the inner reason. */
export function HeadshotFailure({ generation, creditsCost }: { generation: GenerationStatusView; creditsCost: number }) {
  const t = useTranslations("flows.headshotPro");
  const { draft } = useHeadshotDraft();
  return (
    <LoadingFailureCard
      failedKey={headshotPro.failureMessages.failed}
      description={t("failureDescription")}
      generation={generation}
      creditsCost={creditsCost}
      retryPath={isReadyFor("payment", draft) ? headshotPath("payment") : headshotPath("step1")}
      startOverPath={headshotPath("step1")}
    />
  );
}
