import { useTranslations } from "next-intl";
import type { GenerationStatus } from "@/db/schema";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** Spec §4 Generation status: pending yellow, processing blue, complete green, failed red. */
const statusColours: Record<GenerationStatus, string> = {
  pending: "bg-yellow-400/20 text-yellow-800 dark:text-yellow-300",
  processing: "bg-blue-500/15 text-blue-700 dark:text-blue-300",
  complete: "bg-green-500/15 text-green-700 dark:text-green-300",
  failed: "bg-red-500/15 text-red-700 dark:text-red-300",
};

export function StatusBadge({ status, className }: { status: GenerationStatus; className?: string }) {
  const t = useTranslations("generation.status");
  return (
    <Badge data-testid="status-badge" data-status={status} className={cn("border-transparent", statusColours[status], className)}>
      {t(status)}
    </Badge>
  );
}
