import { getTranslations } from "next-intl/server";
import type { ActivityCategorySlug } from "@/lib/activity/activity-query";
import type { ActivityView } from "@/lib/activity/load-activity";
import { InAppLinks } from "@/components/layout/in-app-links";
import { Skeleton } from "@/components/ui/skeleton";
import { ActivityLiveUpdates } from "./activity-live-updates";
import { ActivityPagination } from "./activity-pagination";
import { FinishedCard } from "./finished-card";
import { InProgressCard, focusedCardId } from "./in-progress-card";
import { ScrollToFocused } from "./scroll-to-focused";
import { StartCreating } from "./start-creating";

/**
 * /activity's lists (spec §2): In Progress (live) and the Generated Images gallery page by page.
 * The page starts their read and hands the promise over, so its header and chips are sent while
 * the lists load and these stream in after.
 */
export async function ActivityLists({
  view,
  categorySlug,
  focusLatest,
}: {
  view: Promise<ActivityView>;
  categorySlug: ActivityCategorySlug | undefined;
  focusLatest: boolean;
}) {
  const [{ fingerprint, activity }, t] = await Promise.all([view, getTranslations("activity")]);
  const focusedId = focusLatest ? activity.inProgress[0]?.id : undefined;
  const isEmpty = activity.inProgress.length === 0 && activity.finished.length === 0;
  return (
    <>
      <ActivityLiveUpdates fingerprint={fingerprint} />
      {focusedId ? <ScrollToFocused elementId={focusedCardId} /> : null}

      {isEmpty ? (
        <StartCreating
          testId="activity-empty"
          href="/dashboard"
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={t("startCreating")}
        />
      ) : null}

      {activity.inProgress.length > 0 ? (
        <section aria-labelledby="in-progress-heading" data-testid="in-progress-section">
          <h2 id="in-progress-heading" className="mb-4 text-xl font-semibold">
            {t("inProgress")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {activity.inProgress.map((item) => (
              <li key={item.id}>
                <InProgressCard item={item} focused={item.id === focusedId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {activity.finished.length > 0 ? (
        <section aria-labelledby="generated-heading" data-testid="generated-section">
          <h2 id="generated-heading" className="mb-4 text-xl font-semibold">
            {t("generated")}
          </h2>
          {/* The cards are plain links (finished-card.tsx), followed within the app. */}
          <InAppLinks>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
              {activity.finished.map((item) => (
                <li key={item.id}>
                  <FinishedCard item={item} />
                </li>
              ))}
            </ul>
          </InAppLinks>
          <ActivityPagination categorySlug={categorySlug} page={activity.page} hasNextPage={activity.hasNextPage} />
        </section>
      ) : null}
    </>
  );
}

/** Holds the gallery's place while the lists load. */
export function ActivityListsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5" aria-hidden="true" data-testid="activity-loading">
      {Array.from({ length: 10 }, (_, index) => (
        <Skeleton key={index} className="aspect-square" />
      ))}
    </div>
  );
}
