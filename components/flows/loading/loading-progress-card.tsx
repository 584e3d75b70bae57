"use client";

import Link from "next/link";
import { useMessages, useTranslations } from "next-intl";
import { Clock } from "@/components/icons/clock";
import { RotateCcwClock as History } from "@/components/icons/rotate-ccw-clock";
import { Sparkles } from "@/components/icons/sparkles";
import { WifiOff } from "@/components/icons/wifi-off";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { messageFor } from "@/lib/flows/message-lookup";

/** A tool's texts: `generation.loading.{key}` (rotating steps) and `flows.{key}.loading.duration`. */
export type LoadingMessageKey = "headshotPro" | "aiProduct" | "hairChanger" | "bodyShaper";

/**
 * The running state of every tool: the bar, the tool's rotating message (or `status`, e.g.
 * waiting for a payment), how long it takes, and that leaving is fine. While `reconnecting`
 * the server cannot be reached: it says so, and the caller holds the bar where it was.
 */
export function LoadingProgressCard({
  messageKey,
  loadingMessageKeys,
  progress,
  messageIndex,
  complete,
  status,
  reconnecting = false,
}: {
  messageKey: LoadingMessageKey;
  loadingMessageKeys: readonly string[];
  progress: number;
  messageIndex: number;
  complete: boolean;
  status?: string;
  reconnecting?: boolean;
}) {
  const t = useTranslations();
  const stepMessages = useMessages().generation.loading[messageKey];
  const stepText = status ?? messageFor(stepMessages, loadingMessageKeys[messageIndex] ?? "", stepMessages.step1);

  return (
    <div
      className="space-y-6 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-10"
      data-testid="flow-loading-progress"
      data-reconnecting={reconnecting || undefined}
    >
      <span
        className={
          reconnecting
            ? "mx-auto flex size-16 items-center justify-center rounded-full bg-amber-500/15 text-amber-700 dark:text-amber-400"
            : "mx-auto flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary"
        }
      >
        {reconnecting ? (
          <WifiOff className="size-8" aria-hidden="true" />
        ) : (
          <Sparkles className={complete ? "size-8" : "size-8 animate-pulse"} aria-hidden="true" />
        )}
      </span>
      <div className="space-y-2">
        <p className="text-lg font-medium" aria-live="polite" data-testid="flow-loading-message">
          {complete ? t("flows.common.loading.openingResults") : reconnecting ? t("flows.common.loading.reconnecting") : stepText}
        </p>
        {reconnecting ? (
          <p className="mx-auto max-w-md text-sm text-muted-foreground" data-testid="flow-reconnecting">
            {t("flows.common.loading.reconnectingText")}
          </p>
        ) : null}
        <p className="flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-4" aria-hidden="true" />
          {t(`flows.${messageKey}.loading.duration`)}
        </p>
      </div>
      <div className="space-y-2">
        <Progress value={progress} aria-label={t("flows.common.loading.progressLabel")} data-testid="flow-progress" />
        <p className="text-sm font-medium tabular-nums" data-testid="flow-progress-value">
          {t("flows.common.loading.percent", { value: progress })}
        </p>
      </div>
      <div className="space-y-3">
        <p className="mx-auto max-w-md text-sm text-muted-foreground">{t("generation.loading.keepWorking")}</p>
        <Button asChild variant="outline" size="sm">
          <Link href="/activity">
            <History aria-hidden="true" />
            {t("flows.common.loading.viewActivity")}
          </Link>
        </Button>
      </div>
    </div>
  );
}
