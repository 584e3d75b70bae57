import Link from "next/link";
import { ChevronLeft } from "@/components/icons/chevron-left";
import { ChevronRight } from "@/components/icons/chevron-right";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Newer / Older links between the pages of a list shown newest first (Activity, the credit
 * history), with the page number between them; nothing when there is one page. The arrows turn
 * for right-to-left languages. `testId` names the nav and, with "-newer" and "-older", its links.
 */
export function NewerOlderPagination({
  newerHref,
  olderHref,
  labels,
  testId,
  className,
}: {
  /** Undefined on the first page. */
  newerHref: string | undefined;
  /** Undefined on the last page. */
  olderHref: string | undefined;
  /** The nav's accessible name, the links' words and the page number in words ("Page 2"). */
  labels: { nav: string; newer: string; older: string; page: string };
  testId: string;
  className?: string;
}) {
  if (!newerHref && !olderHref) return null;
  return (
    <nav aria-label={labels.nav} className={cn("flex items-center justify-between gap-4", className)} data-testid={testId}>
      {newerHref ? (
        <Button asChild variant="outline" size="sm">
          <Link href={newerHref} data-testid={`${testId}-newer`}>
            <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
            {labels.newer}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{labels.page}</span>
      {olderHref ? (
        <Button asChild variant="outline" size="sm">
          <Link href={olderHref} data-testid={`${testId}-older`}>
            {labels.older}
            <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
