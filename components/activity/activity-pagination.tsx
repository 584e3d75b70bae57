import Link from "next/link";
import { ChevronLeft } from "@/components/icons/chevron-left";
import { ChevronRight } from "@/components/icons/chevron-right";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { activityHref, type ActivityCategorySlug } from "@/lib/activity/activity-query";

/** Newer / Older links between pages of finished generations (20 per page). */
export function ActivityPagination({
  categorySlug,
  page,
  hasNextPage,
}: {
  categorySlug: ActivityCategorySlug | undefined;
  page: number;
  hasNextPage: boolean;
}) {
  const t = useTranslations("activity.pagination");
  if (page === 1 && !hasNextPage) return null;
  return (
    <nav aria-label={t("label")} className="mt-6 flex items-center justify-between gap-4" data-testid="activity-pagination">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link href={activityHref({ categorySlug, page: page - 1 })} data-testid="activity-newer">
            <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
            {t("newer")}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{t("page", { page })}</span>
      {hasNextPage ? (
        <Button asChild variant="outline" size="sm">
          <Link href={activityHref({ categorySlug, page: page + 1 })} data-testid="activity-older">
            {t("older")}
            <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
