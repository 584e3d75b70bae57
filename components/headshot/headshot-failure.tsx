"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { LoadingFailureCard } from "@/components/flows/loading/loading-failure-card";
import { useMoneyRefundText } from "@/components/generation/delivery-refund-notice";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { headshotPro } from "@/lib/generation/tool-catalog";
import { isReadyFor } from "@/lib/headshot/headshot-draft";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { useHeadshotDraft } from "./headshot-draft-store";

const noRefund = { missingImages: 0, credits: 0, money: null };

/**
 * Spec §8: 'Generation failed - There was an error generating your headshots...' with the inner
 * reason; a paid cash pack also says, on the card and in a toast, that its payment goes back
 * (decision 19).
 */
export function HeadshotFailure({ generation, creditsCost }: { generation: GenerationStatusView; creditsCost: number }) {
  const t = useTranslations("flows.headshotPro");
  const { draft } = useHeadshotDraft();
  const moneyRefund = useMoneyRefundText(generation.refund ?? noRefund, true);
  const toasted = useRef<string | null>(null);

  useEffect(() => {
    if (!moneyRefund || toasted.current === generation.id) return;
    toasted.current = generation.id;
    toast.info(moneyRefund);
  }, [moneyRefund, generation.id]);

  return (
    <LoadingFailureCard
      failedKey={headshotPro.failureMessages.failed}
      description={t("failureDescription")}
      generation={generation}
      creditsCost={creditsCost}
      refundNote={moneyRefund}
      retryPath={isReadyFor("payment", draft) ? headshotPath("payment") : headshotPath("step1")}
      startOverPath={headshotPath("step1")}
    />
  );
}
