import { useTranslations } from "next-intl";
import { RefreshCw } from "@/components/icons/refresh-cw";
import type { LikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import { StatusNotice } from "./status-notice";

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
    <StatusNotice tone="sky" icon={RefreshCw} testId="likeness-notice">
      {lines.map((line) => (
        <p key={line} className="text-sm">
          {line}
        </p>
      ))}
    </StatusNotice>
  );
}
