import { useTranslations } from "next-intl";
import { RefreshCw } from "@/components/icons/refresh-cw";
import type { LikenessSummary } from "@/lib/generation/likeness/likeness-summary";

/**
 * What the likeness guard did (decision 24), in words and never as a score: how many images did
 * not look enough like the user and were made again, and how many still did not and were left
 * out (the refund for those is DeliveryRefundNotice's). Nothing when every image passed at once.
 */
export function LikenessNotice({ summary, ordered }: { summary: LikenessSummary; ordered: number }) {
  const t = useTranslations("generation.likeness");
  if (summary.remade === 0) return null;
  const lines =
    ordered > 1
      ? [t("headshotsRemade", { remade: summary.remade, ordered }), ...(summary.notDelivered > 0 ? [t("headshotsNotDelivered", { notDelivered: summary.notDelivered })] : [])]
      : [t("imageRemade")];
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-sky-500/40 bg-sky-500/10 px-4 py-3 text-sky-950 dark:text-sky-100"
      data-testid="likeness-notice"
    >
      <RefreshCw className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden="true" />
      <div className="space-y-0.5 text-sm">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
