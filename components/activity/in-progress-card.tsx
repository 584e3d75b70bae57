import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { useTranslations } from "next-intl";
import { CategoryBadge } from "@/components/generation/category-badge";
import { LocalDateTime } from "@/components/generation/local-date-time";
import { Progress } from "@/components/ui/progress";
import type { ActivityItem } from "@/lib/activity/load-activity";
import { cn } from "@/lib/utils";
import { SecondPaymentLine } from "./second-payment-line";
import { StatusBadge } from "./status-badge";

/** The element ?focus=latest scrolls to (spec §2 /activity). */
export const focusedCardId = "activity-focused-card";

/** A pending or processing generation: its status, and for processing its server progress. */
export function InProgressCard({ item, focused = false }: { item: ActivityItem; focused?: boolean }) {
  const t = useTranslations("activity");
  return (
    <article
      id={focused ? focusedCardId : undefined}
      data-testid="in-progress-card"
      data-generation-id={item.id}
      data-focused={focused || undefined}
      className={cn(
        "space-y-3 rounded-xl border bg-card p-4 shadow-sm scroll-mt-24",
        focused && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={item.category} />
        {item.isEdit ? <span className="text-xs font-medium text-muted-foreground">{t("editBadge")}</span> : null}
        <StatusBadge status={item.status} className="ms-auto" />
      </div>
      {item.status === "processing" ? (
        <div className="space-y-1.5">
          <Progress value={item.progress} aria-label={t("progressLabel")} indicatorClassName="bg-blue-500" />
          <p className="text-xs text-muted-foreground tabular-nums">{t("progress", { progress: item.progress })}</p>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("waiting")}
        </p>
      )}
      <SecondPaymentLine refunded={item.secondPaymentRefunded} />
      <p className="text-xs text-muted-foreground">
        {t.rich("startedAt", { date: () => <LocalDateTime iso={item.createdAt} /> })}
      </p>
    </article>
  );
}
