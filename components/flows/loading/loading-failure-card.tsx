"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { CircleAlert } from "@/components/icons/circle-alert";
import { RotateCcw } from "@/components/icons/rotate-ccw";
import { useFailureReason } from "@/components/generation/use-failure-reason";
import { Button } from "@/components/ui/button";
import type { GenerationStatusView } from "@/lib/generation/generation-status";

/**
 * A failed generation (spec §4 generic loading, §8, decision 3): the reason, with the image
 * service's own message under it when it gave one ('Webhook error' and the server's message),
 * that the credits came back, and the way to try again (the draft is kept until a result arrives).
 */
export function LoadingFailureCard({
  failedKey,
  description,
  generation,
  creditsCost,
  retryPath,
  startOverPath,
  refundNote,
}: {
  /** The tool's own message under generation.errors when the reason is unknown. */
  failedKey: string;
  /** A tool's fixed sentence before the reason (Headshot Pro's, spec §8). */
  description?: string;
  generation: GenerationStatusView;
  creditsCost: number;
  retryPath: string;
  startOverPath: string;
  /** What came back other than credits, e.g. a cash pack's payment (decision 19). */
  refundNote?: string | null;
}) {
  const t = useTranslations();
  const reason = useFailureReason(generation.errorKey, failedKey);
  const credits = creditsCost;
  return (
    <div role="alert" className="space-y-5 rounded-2xl border border-destructive/40 bg-destructive/5 p-6 text-center sm:p-10" data-testid="flow-loading-failed">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlert className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{t("generation.failure.title")}</h2>
        {description ? <p data-testid="flow-failure-description">{description}</p> : null}
        {reason !== description ? <p data-testid="flow-failure-reason">{reason}</p> : null}
        {generation.errorDetail ? (
          <p className="text-sm break-words text-muted-foreground" data-testid="flow-failure-detail">
            {generation.errorDetail}
          </p>
        ) : null}
        {credits > 0 ? (
          <p className="font-medium text-emerald-700 dark:text-emerald-400" data-testid="flow-refund">
            {generation.creditsRefunded
              ? t("flows.common.loading.refunded", { credits })
              : t("flows.common.loading.refundPending", { credits })}
          </p>
        ) : null}
        {refundNote ? (
          <p className="font-medium text-emerald-700 dark:text-emerald-400" data-testid="flow-money-refund">
            {refundNote}
          </p>
        ) : null}
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
          <Link href={startOverPath}>{t("flows.common.loading.startOver")}</Link>
        </Button>
      </div>
    </div>
  );
}
