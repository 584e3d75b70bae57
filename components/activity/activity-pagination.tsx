import { useTranslations } from "next-intl";
import { NewerOlderPagination } from "@/components/layout/newer-older-pagination";
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
  return (
    <NewerOlderPagination
      newerHref={page > 1 ? activityHref({ categorySlug, page: page - 1 }) : undefined}
      olderHref={hasNextPage ? activityHref({ categorySlug, page: page + 1 }) : undefined}
      labels={{ nav: t("label"), newer: t("newer"), older: t("older"), page: t("page", { page }) }}
      testId="activity-pagination"
      className="mt-6"
    />
  );
}
