"use client";

import Link from "next/link";
import { useMessages, useTranslations } from "next-intl";
import { CircleAlert, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { GenerationStatusView } from "@/lib/generation/generation-status";
import { flowPath, type FlowTool } from "@/lib/flows/flow-tools";
import { messageFor } from "@/lib/flows/message-lookup";

const errorKeyPrefix = "generation.errors.";

/** The failure's message ("generation.errors.timedOut"), or the tool's own when it is unknown. */
function useFailureText(errorKey: string | null, fallbackKey: string): string {
  const errors = useMessages().generation.errors;
  const fallback = messageFor(errors, fallbackKey, errors.aiProductFailed);
  const key = errorKey?.startsWith(errorKeyPrefix) ? errorKey.slice(errorKeyPrefix.length) : fallbackKey;
  return messageFor(errors, key, fallback);
}

/**
 * A failed generation (spec §4 generic loading, decision 3): the reason, that the credits came
 * back, and the way to try again (the draft is kept until a result arrives).
 */
export function LoadingFailureCard({
  flow,
  generation,
  creditsCost,
  retryPath,
}: {
  flow: FlowTool;
  generation: GenerationStatusView;
  creditsCost: number;
  retryPath: string;
}) {
  const t = useTranslations();
  const reason = useFailureText(generation.errorKey, flow.tool.failureMessages.failed);
  const credits = creditsCost;
  return (
    <div role="alert" className="space-y-5 rounded-2xl border border-destructive/40 bg-destructive/5 p-6 text-center sm:p-10" data-testid="flow-loading-failed">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlert className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{t("generation.failure.title")}</h2>
        <p data-testid="flow-failure-reason">{reason}</p>
        <p className="font-medium text-emerald-700 dark:text-emerald-400" data-testid="flow-refund">
          {generation.creditsRefunded
            ? t("flows.common.loading.refunded", { credits })
            : t("flows.common.loading.refundPending", { credits })}
        </p>
        <p className="text-sm text-muted-foreground">{t("generation.failure.retryHint")}</p>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="brand">
          <Link href={retryPath} data-testid="flow-try-again">
            <RotateCcw aria-hidden="true" />
            {t("flows.common.loading.tryAgain")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={flowPath(flow.slug, "step1")}>{t("flows.common.loading.startOver")}</Link>
        </Button>
      </div>
    </div>
  );
}
