import { getTranslations } from "next-intl/server";
import { StartCreating } from "@/components/activity/start-creating";
import { ResultsGrid } from "@/components/results/results-grid";
import { Skeleton } from "@/components/ui/skeleton";
import type { ResultImageView } from "@/lib/results/result-image-view";

export interface RecentImagesData {
  images: ResultImageView[];
}

/**
 * The dashboard's recent images (spec §2). The page starts their read and hands the promise
 * over, so the rest of the page is sent while it runs and this part streams in after.
 */
export async function RecentImages({ data, emptyHref }: { data: Promise<RecentImagesData>; emptyHref: string }) {
  const [{ images }, t] = await Promise.all([data, getTranslations("dashboard")]);
  if (images.length === 0) {
    return (
      <StartCreating
        testId="recent-activity-empty"
        href={emptyHref}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={t("startCreating")}
      />
    );
  }
  return <ResultsGrid images={images} place="recent" aspect="square" mixed largeScreenColumns={5} />;
}

/** Holds the gallery's place (one row of five squares) while the images load, so nothing shifts. */
export function RecentImagesSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-hidden="true" data-testid="recent-activity-loading">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="aspect-square" />
      ))}
    </div>
  );
}
